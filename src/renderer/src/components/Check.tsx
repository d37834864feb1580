// A labelled checkbox (or one radio button of a group) that hands back its new state.
import type { ReactNode } from 'react';

interface Props {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  /** A radio button of the group with this name instead of a checkbox. */
  radio?: string;
  testId?: string;
  className?: string;
}

export function Check({ label, checked, onChange, disabled, radio, testId, className = 'check' }: Props) {
  return (
    <label className={className}>
      <input
        type={radio ? 'radio' : 'checkbox'}
        name={radio}
        checked={checked}
        disabled={disabled}
        data-testid={testId}
        onChange={(e) => onChange(e.target.checked)}
      />
      {label}
    </label>
  );
}
