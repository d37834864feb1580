// The page's less frequent actions in one small menu beside History, so the page header keeps to
// one row beside the title: presentation, move / rename, duplicate, delete.
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon';
import { useDismiss } from '../../components/useDismiss';

export interface MoreMenuItem {
  key: string;
  label: string;
  danger?: boolean;
  run: () => void;
}

export function PageMoreMenu({ items }: { items: MoreMenuItem[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(root, open, close);
  if (items.length === 0) return null;
  return (
    <div className="row-menu" ref={root}>
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        {t('page_actions.more')}
        <Icon name="chevron" size={14} />
      </button>
      {open && (
        <div className="dropdown row-menu-list" role="menu">
          {items.map((item) => (
            <button
              key={item.key}
              type="button"
              role="menuitem"
              className={item.danger ? 'dropdown-item danger' : 'dropdown-item'}
              onClick={() => {
                setOpen(false);
                item.run();
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
