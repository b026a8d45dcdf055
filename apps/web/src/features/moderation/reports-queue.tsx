// Placeholder while issue 23 is built: replaced by the real queue.
export function ReportsQueue() {
  return <p>Reports</p>;
}
