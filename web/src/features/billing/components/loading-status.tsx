/** A spinner with a spoken label, for the billing screens while their data loads. */
export function LoadingStatus({ label }: { label: string }) {
  return (
    <div className="page-loader" role="status">
      <span className="page-loader__spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
