import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import type { AllSettings } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Form } from '#/components/ui/form';
import { Skeleton } from '#/components/ui/skeleton';
import { Spinner } from '#/components/ui/spinner';
import { errorMessage, isApiError } from '#/lib/api';
import { t, useT } from '#/lib/i18n';
import { useAdminSettingsQuery, useUpdateSettingsMutation } from './api';
import { catalog } from './i18n';
import { LegalSettings } from './legal-settings';
import { SectionError } from './section-error';
import {
  EDITABLE_SETTING_KEYS,
  changedValues,
  settingsFormSchema,
  toFormValues,
  type EditableSettingKey,
  type SettingsFormValues,
} from './settings-model';
import { BrandingSection, LandingCountersSection, LandingCoverSection, PaymentsSection, PermissionsSection } from './settings-sections';

/** Spec 8: the exact texts of the settings save toasts, in the page's language (read when shown). */
export const SETTINGS_TOASTS = {
  success: {
    get title() {
      return t('admin.settings.toast.successTitle');
    },
    get description() {
      return t('admin.settings.toast.successDescription');
    },
  },
  failure: {
    get title() {
      return t('admin.settings.toast.failureTitle');
    },
    get description() {
      return t('admin.settings.toast.failureDescription');
    },
  },
};

/** App-wide settings: branding, landing cover and counters, limited-member permissions, the platform fee. */
export function SettingsPanel() {
  const t = useT(catalog);
  const query = useAdminSettingsQuery();
  if (query.isPending) {
    return (
      <div role="status" aria-label={t('admin.settings.loading')} className="grid gap-4">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-48 w-full rounded-xl" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <SectionError
        message={errorMessage(query.error, t('admin.settings.loadError'))}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return (
    <div className="grid gap-5">
      <SettingsForm settings={query.data} />
      <LegalSettings />
    </div>
  );
}

const EDITABLE = new Set<string>(EDITABLE_SETTING_KEYS);

function SettingsForm({ settings }: { settings: AllSettings }) {
  const t = useT(catalog);
  const update = useUpdateSettingsMutation();
  const form = useForm<SettingsFormValues>({
    resolver: zodResolver(settingsFormSchema),
    defaultValues: toFormValues(settings),
    mode: 'onTouched',
  });
  const { isDirty, isSubmitting } = form.formState;

  const handleSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(changedValues(values, form.formState.dirtyFields));
      form.reset(toFormValues(saved));
    } catch (error) {
      // Field errors come back as `settings.<key>`: show them where the value was typed.
      const fields = isApiError(error) ? Object.entries(error.fields ?? {}) : [];
      fields.forEach(([path, message]) => {
        const key = path.replace(/^settings\./, '');
        if (EDITABLE.has(key)) form.setError(key as EditableSettingKey, { type: 'server', message });
      });
      toast.error(SETTINGS_TOASTS.failure.title, { description: SETTINGS_TOASTS.failure.description });
      return;
    }
    toast.success(SETTINGS_TOASTS.success.title, { description: SETTINGS_TOASTS.success.description });
  });

  return (
    <Form {...form}>
      <form noValidate onSubmit={handleSubmit} aria-labelledby="settings-title" className="grid gap-5">
        <div className="grid gap-1">
          <h2 id="settings-title" className="text-xl font-semibold tracking-tight">
            {t('admin.settings.title')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('admin.settings.description')}</p>
        </div>
        <BrandingSection />
        <LandingCoverSection />
        <LandingCountersSection />
        <PermissionsSection />
        <PaymentsSection />
        <div className="sticky bottom-[calc(env(safe-area-inset-bottom)+4.5rem)] z-10 flex flex-col gap-3 rounded-xl border bg-background/95 p-3 shadow-lg backdrop-blur sm:flex-row sm:items-center sm:justify-between md:bottom-4">
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {isDirty ? t('admin.settings.unsaved') : t('admin.settings.saved')}
          </p>
          <div className="flex gap-2">
            <Button
              type="button"
              variant="outline"
              className="flex-1 sm:flex-none"
              disabled={!isDirty || isSubmitting}
              onClick={() => form.reset()}
            >
              {t('admin.common.discard')}
            </Button>
            <Button type="submit" className="flex-1 sm:flex-none" disabled={!isDirty || isSubmitting}>
              {isSubmitting && <Spinner />}
              {isSubmitting ? t('admin.common.saving') : t('admin.settings.save')}
            </Button>
          </div>
        </div>
      </form>
    </Form>
  );
}
