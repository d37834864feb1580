// A small menu behind a button: a user's actions on /admin/users, a page's "More" actions.
// role=menu; Esc and a press outside close it; choosing an item closes it first.
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Icon } from './Icon';
import { useDismiss } from './useDismiss';

export interface RowMenuItem {
  key: string;
  label: string;
  danger?: boolean;
  run: () => void;
}

interface Props {
  /** What the button shows (a chevron follows it). */
  label: ReactNode;
  /** The button's accessible name when the label alone does not say whose actions these are. */
  ariaLabel?: string;
  disabled?: boolean;
  items: RowMenuItem[];
}

export function RowMenu({ label, ariaLabel, disabled, items }: Props) {
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
        aria-label={ariaLabel}
        disabled={disabled}
        onClick={() => setOpen((value) => !value)}
      >
        {label}
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
