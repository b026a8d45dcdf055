import { useFormContext, useWatch } from 'react-hook-form';
import { InfoIcon } from 'lucide-react';
import { flagSettingKey } from '@bayclub/shared';
import { FormField, FormItem, FormMessage } from '#/components/ui/form';
import { cn } from '#/lib/utils';
import { FEATURE_FLAGS, FLAG_LABELS, NAVIGATION_FLAGS, type SettingsFormValues } from './settings-model';
import { SettingsCard, SwitchSettingField, TextSettingField } from './setting-fields';
import { SiteAssetUpload } from './site-asset-upload';

export function BrandingSection() {
  return (
    <SettingsCard title="Branding" description="How the app introduces itself: page title, landing page and install name.">
      <TextSettingField name="app_name" label="App name" maxLength={60} />
      <TextSettingField name="app_description" label="App description" multiline maxLength={300} />
      <TextSettingField
        name="verification_badge_url"
        label="Verification badge URL"
        type="url"
        placeholder="https://..."
        description="Image shown next to verified members' names. Empty shows the built-in check mark."
      />
      <TextSettingField
        name="legal_contact_email"
        label="Contact email"
        type="email"
        placeholder="privacy@example.com"
        description="Given on the Terms of Service and Privacy Policy for questions and data requests. Empty: the address the club's mails come from."
      />
      <SiteAssetUpload kind="verification-badge" />
      <SiteAssetUpload kind="favicon" />
    </SettingsCard>
  );
}

export function LandingCoverSection() {
  return (
    <SettingsCard title="Landing cover" description="The picture or video behind the app name on the landing page.">
      <CoverTypeField />
      <div className="grid gap-5 sm:grid-cols-2">
        <SiteAssetUpload kind="landing-cover" />
        <SiteAssetUpload kind="landing-video" />
      </div>
      <TextSettingField name="landing_cover_url" label="Cover image URL" type="url" placeholder="https://..." />
      <TextSettingField name="landing_video_url" label="Cover video URL" type="url" placeholder="https://..." />
      <p className="flex gap-2 rounded-lg bg-muted/60 px-3 py-2 text-sm text-muted-foreground">
        <InfoIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        Upload a cover image or video, or paste the link of one hosted elsewhere. The cover image is also the video's
        poster, shown while it loads and to visitors who turn motion off. Without one, the landing page shows its
        built-in Tampa Bay cover.
      </p>
    </SettingsCard>
  );
}

function CoverTypeField() {
  const { control } = useFormContext<SettingsFormValues>();
  return (
    <FormField
      control={control}
      name="landing_cover_type"
      render={({ field }) => (
        <FormItem>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Cover type</legend>
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
                    {type}
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
  return (
    <SettingsCard
      title="Landing counters"
      description="The member and application numbers on the landing page. Off means the real numbers."
    >
      <CounterPair
        switchName="landing_use_fake_member_count"
        switchLabel="Show a custom member count"
        countName="landing_fake_member_count"
        countLabel="Member count to show"
      />
      <CounterPair
        switchName="landing_use_fake_application_count"
        switchLabel="Show a custom application count"
        countName="landing_fake_application_count"
        countLabel="Application count to show"
      />
      <CounterPair
        switchName="landing_use_hybrid_application_count"
        switchLabel="Hybrid application count"
        switchDescription="Shows the base number plus the real number of applications."
        countName="landing_base_application_count"
        countLabel="Base application count"
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
          description={on ? undefined : 'Used once the switch above is on.'}
        />
      </div>
    </div>
  );
}

export function PermissionsSection() {
  return (
    <SettingsCard
      title="Limited member permissions"
      description="What community-only members, including applicants awaiting review, can see and do. Full platform members can do everything."
    >
      <FlagGroup title="Navigation" flags={NAVIGATION_FLAGS} />
      <FlagGroup title="Features" flags={FEATURE_FLAGS} />
    </SettingsCard>
  );
}

function FlagGroup({ title, flags }: { title: string; flags: typeof NAVIGATION_FLAGS }) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-xs font-semibold tracking-[0.14em] text-muted-foreground uppercase">{title}</legend>
      <div className="grid gap-2 md:grid-cols-2">
        {flags.map((flag) => (
          <SwitchSettingField key={flag} name={flagSettingKey(flag)} label={FLAG_LABELS[flag]} />
        ))}
      </div>
    </fieldset>
  );
}

/** Issue 22: the club's fee on paid seats, a percent plus a fixed amount per payment (both 0 by default: no fee). */
export function PaymentsSection() {
  return (
    <SettingsCard
      title="Payments"
      description="The club's fee on tickets sold for paid events, taken as Stripe's application fee on each paid seat purchase."
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextSettingField
          name="payments_fee_percent"
          label="Platform fee (%)"
          inputMode="decimal"
          description="From 0 to 30, up to 2 decimals."
        />
        <TextSettingField
          name="payments_fee_fixed"
          label="Platform fee per payment (cents)"
          type="number"
          inputMode="numeric"
          min={0}
          description="A whole number from 0 to 10000 (100.00), in the payment's currency."
        />
      </div>
    </SettingsCard>
  );
}
