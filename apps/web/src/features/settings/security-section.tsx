import { useId, useState } from 'react';
import { KeyRoundIcon, MoonIcon, PowerIcon, SunIcon, Trash2Icon } from 'lucide-react';
import type * as React from 'react';
import { Button } from '#/components/ui/button';
import { Switch } from '#/components/ui/switch';
import { useTheme } from '#/lib/theme';
import { ChangePasswordDialog, DeactivateAccountDialog, DeleteAccountDialog, DownloadData, ReactivateAccountButton } from '#/features/account';
import { useMe } from '#/lib/session/use-session';
import { LOCALES, LOCALE_NAMES, isLocale } from '@bayclub/shared';
import { toast } from 'sonner';
import { NativeSelect } from '#/components/ui/native-select';
import { errorMessage } from '#/lib/api';
import { switchLocale, useLocale, useT } from '#/lib/i18n';
import { useLanguageMutation } from './api';
import { catalog } from './i18n';

type OpenDialog = 'password' | 'deactivate' | 'delete' | null;

/**
 * Settings > Security: theme, Change Password, your data (issue 24), Deactivate Account (Reactivate Account while
 * deactivated) and the Danger Zone (spec 2).
 */
export function SecuritySection() {
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const deactivated = useMe()?.profile?.isDeactivated === true;
  const dialogProps = (name: Exclude<OpenDialog, null>) => ({
    open: dialog === name,
    onOpenChange: (open: boolean) => setDialog(open ? name : null),
  });

  const t = useT(catalog);

  return (
    <div className="grid gap-4">
      <ThemeRow />
      <LanguageRow />
      <Row
        title={t('settings.password.title')}
        description={t('settings.password.description')}
        action={
          <Button type="button" variant="outline" onClick={() => setDialog('password')}>
            <KeyRoundIcon aria-hidden="true" /> {t('settings.password.change')}
          </Button>
        }
      />
      <DownloadData />
      {deactivated ? (
        <Row
          title={t('settings.reactivate.title')}
          description={t('settings.reactivate.description')}
          action={<ReactivateAccountButton />}
        />
      ) : (
        <Row
          title={t('settings.deactivate.title')}
          description={t('settings.deactivate.description')}
          action={
            <Button type="button" variant="outline" onClick={() => setDialog('deactivate')}>
              <PowerIcon aria-hidden="true" /> {t('settings.deactivate.title')}
            </Button>
          }
        />
      )}
      <section aria-labelledby="danger-zone-title" className="grid gap-3 rounded-lg border border-destructive/50 p-4">
        <h3 id="danger-zone-title" className="font-semibold text-destructive">
          {t('settings.danger.title')}
        </h3>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted-foreground">{t('settings.danger.description')}</p>
          <Button type="button" variant="destructive" onClick={() => setDialog('delete')}>
            <Trash2Icon aria-hidden="true" /> {t('settings.danger.delete')}
          </Button>
        </div>
      </section>
      <ChangePasswordDialog {...dialogProps('password')} />
      <DeactivateAccountDialog {...dialogProps('deactivate')} />
      <DeleteAccountDialog {...dialogProps('delete')} />
    </div>
  );
}

/** The app's theme store; the switch reads "on" in dark mode (the default, spec 4). */
function ThemeRow() {
  const { theme, setTheme } = useTheme();
  const id = useId();
  const t = useT(catalog);
  return (
    <Row
      title={t('settings.theme.title')}
      description={
        <span className="inline-flex items-center gap-1.5">
          {theme === 'dark' ? <MoonIcon aria-hidden="true" className="size-4" /> : <SunIcon aria-hidden="true" className="size-4" />}
          {theme === 'dark' ? t('settings.theme.dark') : t('settings.theme.light')}
        </span>
      }
      descriptionId={`${id}-description`}
      action={
        <Switch
          id={id}
          aria-label={t('settings.theme.dark')}
          aria-describedby={`${id}-description`}
          checked={theme === 'dark'}
          onCheckedChange={(dark) => setTheme(dark ? 'dark' : 'light')}
        />
      }
    />
  );
}

/**
 * The member's language (issue 26): saved to the account, so mails and pushes follow it too, and every device they
 * sign in on. The page switches once the server has it; a failed save leaves both as they were.
 */
function LanguageRow() {
  const t = useT(catalog);
  const locale = useLocale();
  const save = useLanguageMutation();
  const id = useId();
  return (
    <Row
      title={t('settings.language.title')}
      titleId={`${id}-title`}
      description={t('settings.language.description')}
      descriptionId={`${id}-description`}
      action={
        <NativeSelect
          aria-labelledby={`${id}-title`}
          aria-describedby={`${id}-description`}
          className="sm:w-40"
          value={locale}
          disabled={save.isPending}
          onChange={(event) => {
            const language = event.target.value;
            if (!isLocale(language)) return;
            save.mutate(
              { language },
              {
                onSuccess: () => void switchLocale(language),
                onError: (error) => toast.error(t('settings.language.saveFailed'), { description: errorMessage(error) }),
              },
            );
          }}
        >
          {LOCALES.map((value) => (
            <option key={value} value={value} lang={value}>
              {LOCALE_NAMES[value]}
            </option>
          ))}
        </NativeSelect>
      }
    />
  );
}

function Row({
  title,
  titleId,
  description,
  descriptionId,
  action,
}: {
  title: string;
  titleId?: string;
  description: React.ReactNode;
  descriptionId?: string;
  action: React.ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="grid gap-1">
        <h3 id={titleId} className="font-medium">
          {title}
        </h3>
        <p id={descriptionId} className="text-sm text-muted-foreground">
          {description}
        </p>
      </div>
      {action}
    </div>
  );
}
