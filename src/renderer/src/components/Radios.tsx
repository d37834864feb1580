// One choice among a few, as a group of labelled radio buttons under a legend.
export function Radios<T extends string | boolean>(props: {
  name: string;
  legend?: string;
  /** The group's name for screen readers when it has no legend (the section title says it). */
  ariaLabel?: string;
  options: readonly T[];
  value: T;
  label: (option: T) => string;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="radio-group" aria-label={props.legend ? undefined : props.ariaLabel}>
      {props.legend && <legend className="modal-section-title">{props.legend}</legend>}
      {props.options.map((option) => (
        <label key={String(option)} className="check">
          <input
            type="radio"
            name={props.name}
            value={String(option)}
            checked={props.value === option}
            onChange={() => props.onChange(option)}
          />
          {props.label(option)}
        </label>
      ))}
    </fieldset>
  );
}
