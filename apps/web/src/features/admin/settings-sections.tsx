import { useFormContext, useWatch } from 'react-hook-form';
import { InfoIcon } from 'lucide-react';
import { flagSettingKey } from '@bayclub/shared';
import { FormField, FormItem, FormMessage } from '#/components/ui/form';
import { useT } from '#/lib/i18n';
import { cn } from '#/lib/utils';
import { catalog } from './i18n';
import { FEATURE_FLAGS, FLAG_LABELS, NAVIGATION_FLAGS, type SettingsFormValues } from './settings-model';
import { SettingsCard, SwitchSettingField, TextSettingField } from './setting-fields';
import { SiteAssetUpload } from './site-asset-upload';

export function BrandingSection() {
  const t = useT(catalog);
  return (
    <SettingsCard title={t('admin.settings.branding.title')} description={t('admin.settings.branding.description')}>
      <TextSettingField name="app_name" label={t('admin.settings.branding.appName')} maxLength={60} />
      <TextSettingField name="app_description" label={t('admin.settings.branding.appDescription')} multiline maxLength={300} />
      <TextSettingField
        name="verification_badge_url"
        label={t('admin.settings.branding.badgeUrl')}
        type="url"
        placeholder={t('admin.settings.urlPlaceholder')}
        description={t('admin.settings.branding.badgeUrlHint')}
      />
      <TextSettingField
        name="legal_contact_email"
        label={t('admin.settings.branding.contactEmail')}
        type="email"
        placeholder={t('admin.settings.branding.contactEmailPlaceholder')}
        description={t('admin.settings.branding.contactEmailHint')}
      />
      <SiteAssetUpload kind="verification-badge" />
      <SiteAssetUpload kind="favicon" />
    </SettingsCard>
  );
}

export function LandingCoverSection() {
  const t = useT(catalog);
  return (
    <SettingsCard title={t('admin.settings.cover.title')} description={t('admin.settings.cover.description')}>
      <CoverTypeField />
      <div className="grid gap-5 sm:grid-cols-2">
        <SiteAssetUpload kind="landing-cover" />
        <SiteAssetUpload kind="landing-video" />
      </div>
      <TextSettingField name="landing_cover_url" label={t('admin.settings.cover.imageUrl')} type="url" placeholder={t('admin.settings.urlPlaceholder')} />
      <TextSettingField name="landing_video_url" label={t('admin.settings.cover.videoUrl')} type="url" placeholder={t('admin.settings.urlPlaceholder')} />
      <p className="flex gap-2 rounded-lg bg-muted/60 px-3 py-2 text-sm text-muted-foreground">
        <InfoIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {t('admin.settings.cover.info')}
      </p>
    </SettingsCard>
  );
}

function CoverTypeField() {
  const t = useT(catalog);
  const { control } = useFormContext<SettingsFormValues>();
  return (
    <FormField
      control={control}
      name="landing_cover_type"
      render={({ field }) => (
        <FormItem>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">{t('admin.settings.cover.type')}</legend>
            <div className="grid grid-cols-2 gap-2">
                {(['image', 'video'] as const).map((type) => (
                  <label
                    key={type}
                    className={cn(
                      'flex h-10 cursor-pointer items-center justify-center gap-2 rounded-md border text-sm capitalize',
                      'has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
                      field.value === type ? 'border-primary bg-primary/15 font-medium' : 'border-input hover:bg-accent/60',
                    )}
                  >
                    <input
                      type="radio"
                      name={field.name}
                      value={type}
                      checked={field.value === type}
                      onChange={() => field.onChange(type)}
                      className="accent-primary"
                    />
                    {type === 'image' ? t('admin.settings.cover.typeImage') : t('admin.settings.cover.typeVideo')}
                  </label>
                ))}
            </div>
          </fieldset>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

export function LandingCountersSection() {
  const t = useT(catalog);
  return (
    <SettingsCard title={t('admin.settings.counters.title')} description={t('admin.settings.counters.description')}>
      <CounterPair
        switchName="landing_use_fake_member_count"
        switchLabel={t('admin.settings.counters.fakeMembers')}
        countName="landing_fake_member_count"
        countLabel={t('admin.settings.counters.fakeMembersCount')}
      />
      <CounterPair
        switchName="landing_use_fake_application_count"
        switchLabel={t('admin.settings.counters.fakeApplications')}
        countName="landing_fake_application_count"
        countLabel={t('admin.settings.counters.fakeApplicationsCount')}
      />
      <CounterPair
        switchName="landing_use_hybrid_application_count"
        switchLabel={t('admin.settings.counters.hybrid')}
        switchDescription={t('admin.settings.counters.hybridHint')}
        countName="landing_base_application_count"
        countLabel={t('admin.settings.counters.hybridBase')}
      />
    </SettingsCard>
  );
}

function CounterPair(props: {
  switchName: 'landing_use_fake_member_count' | 'landing_use_fake_application_count' | 'landing_use_hybrid_application_count';
  switchLabel: string;
  switchDescription?: string;
  countName: 'landing_fake_member_count' | 'landing_fake_application_count' | 'landing_base_application_count';
  countLabel: string;
}) {
  const t = useT(catalog);
  const on = useWatch<SettingsFormValues>({ name: props.switchName }) === 'true';
  return (
    <div className="grid gap-3">
      <SwitchSettingField name={props.switchName} label={props.switchLabel} description={props.switchDescription} />
      {/* Only the input dims while the switch is off: dimmed text would fall below 4.5:1 in the light theme. */}
      <div className={cn('pl-3', !on && '[&_input]:opacity-70')}>
        <TextSettingField
          name={props.countName}
          label={props.countLabel}
          type="number"
          inputMode="numeric"
          min={0}
          description={on ? undefined : t('admin.settings.counters.usedWhenOn')}
        />
      </div>
    </div>
  );
}

export function PermissionsSection() {
  const t = useT(catalog);
  return (
    <SettingsCard title={t('admin.settings.permissions.title')} description={t('admin.settings.permissions.description')}>
      <FlagGroup title={t('admin.settings.permissions.navigation')} flags={NAVIGATION_FLAGS} />
      <FlagGroup title={t('admin.settings.permissions.features')} flags={FEATURE_FLAGS} />
    </SettingsCard>
  );
}

function FlagGroup({ title, flags }: { title: string; flags: typeof NAVIGATION_FLAGS }) {
  const t = useT(catalog);
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-xs font-semibold tracking-[0.14em] text-muted-foreground uppercase">{title}</legend>
      <div className="grid gap-2 md:grid-cols-2">
        {flags.map((flag) => (
          <SwitchSettingField key={flag} name={flagSettingKey(flag)} label={t(FLAG_LABELS[flag])} />
        ))}
      </div>
    </fieldset>
  );
}

/** Issue 22: the club's fee on paid seats, a percent plus a fixed amount per payment (both 0 by default: no fee). */
export function PaymentsSection() {
  const t = useT(catalog);
  return (
    <SettingsCard title={t('admin.settings.payments.title')} description={t('admin.settings.payments.description')}>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextSettingField
          name="payments_fee_percent"
          label={t('admin.settings.payments.feePercent')}
          inputMode="decimal"
          description={t('admin.settings.payments.feePercentHint')}
        />
        <TextSettingField
          name="payments_fee_fixed"
          label={t('admin.settings.payments.feeFixed')}
          type="number"
          inputMode="numeric"
          min={0}
          description={t('admin.settings.payments.feeFixedHint')}
        />
      </div>
    </SettingsCard>
  );
}
