/**
 * A form's error that belongs to no single field (the server refused the whole request, or the network failed),
 * announced as it appears. Renders nothing without a message.
 */
export function FormErrorAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm text-destructive">
      {message}
    </p>
  );
}
