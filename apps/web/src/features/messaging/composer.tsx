import * as React from 'react';
import { FileVideoIcon, PaperclipIcon, SendHorizontalIcon, XIcon } from 'lucide-react';
import { LIMITS, MESSAGING_MESSAGES } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { useSharedText, useT } from '#/lib/i18n';
import { useDraft } from '#/lib/offline/drafts';
import { cn } from '#/lib/utils';
import { checkAttachments } from './attachments';
import { catalog } from './i18n';
import type { PendingAttachment } from './pending-store';
import type { Draft } from './use-send-message';

let nextKey = 0;
const previewFor = (file: File) => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null);
const release = (list: readonly PendingAttachment[]) => {
  for (const a of list) if (a.previewUrl) URL.revokeObjectURL(a.previewUrl);
};
/** Counter shows from this many characters before the limit. */
const COUNTER_FROM = LIMITS.messageMax - 200;

interface ComposerProps {
  /** A send is under way (spec 5: no second send meanwhile). */
  sending: boolean;
  onSend: (draft: Draft) => void;
  /** Where the text is kept as a draft until sent (lib/offline/drafts.ts). */
  draftPlace: string;
}

/**
 * The message box: Enter sends, Shift+Enter adds a line (Enter that confirms an IME composition does
 * neither); an attach button adds photos and videos shown as thumbnails. Send is disabled when there is
 * nothing to send or a send is under way.
 */
export function Composer({ sending, onSend, draftPlace }: ComposerProps) {
  const t = useT(catalog);
  const s = useSharedText();
  const [text, setText] = useDraft(draftPlace);
  const [attachments, setAttachments] = React.useState<PendingAttachment[]>([]);
  const [errors, setErrors] = React.useState<string[]>([]);
  const fileInput = React.useRef<HTMLInputElement>(null);
  const textarea = React.useRef<HTMLTextAreaElement>(null);
  const inputId = React.useId();
  const counterId = `${inputId}-count`;
  // Previews still in the composer when it goes away are freed; sent ones now belong to the pending message.
  const latest = React.useRef(attachments);
  React.useEffect(() => {
    latest.current = attachments;
  }, [attachments]);
  React.useEffect(() => () => release(latest.current), []);

  const content = text.trim();
  const canSend = (content.length > 0 || attachments.length > 0) && !sending;
  const full = attachments.length >= LIMITS.messageAttachmentsMax;

  const submit = () => {
    if (!canSend) return;
    onSend({ content, attachments });
    setText('');
    setAttachments([]);
    setErrors([]);
    textarea.current?.focus();
  };

  const handleKeyDown = (e: React.KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey) return;
    // Enter that ends an IME composition (Japanese, Chinese...) picks a word; it must not send.
    if (e.nativeEvent.isComposing || e.keyCode === 229) return;
    e.preventDefault();
    submit();
  };

  const handleFiles = (e: React.ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? []);
    // Let the same file be picked again after removing it.
    e.target.value = '';
    if (files.length === 0) return;
    const check = checkAttachments(files, attachments.length);
    setErrors(check.errors);
    setAttachments((current) => [
      ...current,
      ...check.accepted.map(({ file, kind }) => ({ key: `att-${nextKey++}`, file, kind, previewUrl: previewFor(file), uploadedUrl: null })),
    ]);
  };

  const remove = (key: string) => {
    release(attachments.filter((a) => a.key === key));
    setAttachments((current) => current.filter((a) => a.key !== key));
    setErrors([]);
  };

  return (
    <form
      className="grid gap-2 border-t bg-background p-2 sm:p-3"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {attachments.length > 0 ? (
        <ul aria-label={t('messaging.composer.attachments')} className="flex flex-wrap gap-2">
          {attachments.map((a) => (
            <li key={a.key} className="relative size-16 overflow-hidden rounded-md border bg-muted">
              {a.previewUrl && a.kind !== 'video' ? (
                <img src={a.previewUrl} alt={a.file.name} className="size-full object-cover" />
              ) : (
                <span className="flex size-full flex-col items-center justify-center gap-0.5 p-1 text-[0.625rem] text-muted-foreground">
                  <FileVideoIcon aria-hidden="true" className="size-5" />
                  <span className="w-full truncate text-center">{a.file.name}</span>
                </span>
              )}
              <Button
                variant="secondary"
                size="icon-sm"
                className="absolute top-0.5 right-0.5 size-6 rounded-full"
                aria-label={t('messaging.composer.removeFile', { name: a.file.name })}
                onClick={() => remove(a.key)}
              >
                <XIcon aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {errors.length > 0 ? (
        <div role="alert" className="grid gap-0.5 text-xs text-destructive">
          {errors.map((m) => (
            <p key={m}>{m}</p>
          ))}
        </div>
      ) : null}
      <div className="flex items-end gap-2">
        <input
          ref={fileInput}
          type="file"
          accept="image/*,video/*"
          multiple
          hidden
          aria-label={t('messaging.composer.choose')}
          onChange={handleFiles}
        />
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('messaging.composer.attach')}
          disabled={full}
          onClick={() => fileInput.current?.click()}
        >
          <PaperclipIcon aria-hidden="true" />
        </Button>
        <label htmlFor={inputId} className="sr-only">
          {t('messaging.composer.label')}
        </label>
        <textarea
          ref={textarea}
          id={inputId}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={handleKeyDown}
          placeholder={s(MESSAGING_MESSAGES.placeholder)}
          maxLength={LIMITS.messageMax}
          rows={1}
          aria-describedby={text.length >= COUNTER_FROM ? counterId : undefined}
          className={cn(
            'max-h-40 min-h-10 flex-1 resize-none rounded-2xl border border-input bg-transparent px-4 py-2 text-base outline-none [field-sizing:content] placeholder:text-muted-foreground md:text-sm',
            'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50',
          )}
        />
        <Button type="submit" size="icon" aria-label={t('messaging.composer.send')} disabled={!canSend} className="rounded-full">
          <SendHorizontalIcon aria-hidden="true" />
        </Button>
      </div>
      {text.length >= COUNTER_FROM ? (
        <p id={counterId} className="justify-self-end text-xs text-muted-foreground tabular-nums">
          {`${text.length}/${LIMITS.messageMax}`}
        </p>
      ) : null}
    </form>
  );
}
