// One labelled progress bar (a collection, or zipping), GROWI's layout: name, count, bar.
export function ProgressBar({ label, current, total }: { label: string; current: number; total: number }) {
  const percent = total > 0 ? Math.min(100, Math.round((current / total) * 100)) : current > 0 ? 100 : 0;
  return (
    <div className="archive-progress" data-testid={`progress-${label}`}>
      <div className="archive-progress-label">
        <span>{label}</span>
        <span className="muted">
          {current} / {total}
        </span>
      </div>
      <progress max={100} value={percent} aria-label={label} />
    </div>
  );
}
