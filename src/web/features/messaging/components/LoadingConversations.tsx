// The line the dashboards' message card shows while its code or its list loads.
export function LoadingConversations() {
  return (
    <p role="status" className="mt-4 text-slate-700 dark:text-slate-300">
      Loading...
    </p>
  );
}
