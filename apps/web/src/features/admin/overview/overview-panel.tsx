// Placeholder while issue 23 is built: replaced by the section's real panel.
export function OverviewPanel() {
  return <p>OverviewPanel</p>;
}
