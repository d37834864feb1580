// A small menu behind a button: a user's actions on /admin/users, a page's "More" actions.
// role=menu; Esc, a press outside and navigation close it (usePopup); choosing an item closes it first.
import type { ReactNode } from 'react';
import { Icon } from './Icon';
import { usePopup } from './usePopup';

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
  const { open, close, rootRef, popupId, buttonProps } = usePopup('menu');
  if (items.length === 0) return null;
  return (
    <div className="row-menu" ref={rootRef}>
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        {...buttonProps}
        aria-label={ariaLabel}
        disabled={disabled}
      >
        {label}
        <Icon name="chevron" size={14} />
      </button>
      {open && (
        <div className="dropdown row-menu-list" id={popupId} role="menu">
          {items.map((item) => (
            <button
              key={item.key}
              type="button"
              role="menuitem"
              className={item.danger ? 'dropdown-item danger' : 'dropdown-item'}
              onClick={() => {
                close();
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
