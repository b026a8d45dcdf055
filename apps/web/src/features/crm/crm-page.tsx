// Placeholder while issue 23 is built: replaced by the real CRM.
export function CrmPage() {
  return <p>CRM</p>;
}
