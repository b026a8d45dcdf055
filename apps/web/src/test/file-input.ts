/**
 * The hidden file input an image picker's button opens, for `user.upload`: the field's label names the button, and
 * the input itself is out of the accessibility tree, so it is found beside the button.
 */
export function fileInputBeside(button: HTMLElement): HTMLInputElement {
  const input = button.parentElement?.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('No file input beside this button');
  return input;
}
