import { Spinner } from '#/components/ui/spinner';

/** Placeholder while a page's code or data loads. */
export function PageSpinner() {
  return (
    <div className="flex flex-1 items-center justify-center p-8">
      <Spinner className="size-6" label="Loading..." />
    </div>
  );
}
