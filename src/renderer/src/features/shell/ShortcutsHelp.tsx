// Ctrl/⌘ + / toggles the keyboard shortcuts help (SPEC §2).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../components/Modal';

export function ShortcutsHelp() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || !(event.ctrlKey || event.metaKey)) return;
      event.preventDefault();
      setOpen((value) => !value);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  if (!open) return null;
  const rows: [string, string][] = [
    ['C', t('shortcuts.create')],
    ['E', t('shortcuts.edit')],
    ['Ctrl / ⌘ + S', t('shortcuts.save')],
    ['Ctrl / ⌘ + /', t('shortcuts.help')],
  ];
  return (
    <Modal title={t('shortcuts.title')} onClose={() => setOpen(false)}>
      <div className="modal-body">
        <table className="shortcuts-table">
          <tbody>
            {rows.map(([keys, action]) => (
              <tr key={keys}>
                <td>
                  <kbd>{keys}</kbd>
                </td>
                <td>{action}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Modal>
  );
}
