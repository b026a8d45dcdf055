import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fileInputBeside } from '#/test/file-input';
import { ImagePicker } from './image-picker';

function renderPicker(current: string | null = null) {
  const upload = vi.fn((_file: File, result: { onSuccess: () => void }) => result.onSuccess());
  render(
    <ImagePicker
      label="Cover image"
      current={current}
      frameClassName="aspect-[3/1]"
      hint="Wide, about 3:1."
      uploadedMessage="Cover image updated"
      maxBytes={10 * 1024 * 1024}
      upload={upload}
      uploading={false}
    />,
  );
  return upload;
}

describe('the image picker (a community’s and a place’s add-images step)', () => {
  it("is the app's button, not the browser's raw 'Choose File' control", async () => {
    renderPicker();
    // One control, named by the field's label: the file input behind it is hidden from assistive technology.
    const button = screen.getByRole('button', { name: 'Cover image' });
    expect(screen.getByLabelText('Cover image')).toBe(button);
    expect(button).toHaveTextContent('Choose cover image');
    expect(button).toHaveAccessibleDescription(/^Wide, about 3:1\./);
    const input = fileInputBeside(button);
    expect(input).toHaveClass('sr-only');
    expect(input).toHaveAttribute('aria-hidden', 'true');
    expect(input).toHaveAttribute('tabindex', '-1');
    const click = vi.spyOn(input, 'click');
    await userEvent.click(button);
    expect(click).toHaveBeenCalled();
  });

  it('says Change once there is an image, and uploads what is chosen', async () => {
    const upload = renderPicker('/media/community-covers/c.webp');
    const button = screen.getByRole('button', { name: 'Cover image' });
    expect(button).toHaveTextContent('Change cover image');
    await userEvent.upload(fileInputBeside(button), new File(['x'], 'bay.png', { type: 'image/png' }));
    expect(upload).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Cover image updated')).toBeInTheDocument();
  });
});
