import { useRef, useState } from 'react';
import type { OwnProfileView } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#/components/ui/dialog';
import { Form } from '#/components/ui/form';
import { Spinner } from '#/components/ui/spinner';
import { Tabs, TabsContent } from '#/components/ui/tabs';
import { useMe } from '#/lib/session/use-session';
import { useIsMobile } from '#/lib/use-is-mobile';
import { usePayoutAccountQuery } from '#/features/payments/api';
import { EarningsSection } from './earnings-section';
import { MembershipsSection } from './memberships-section';
import { ProfileSection } from './profile-section';
import { SectionNav, type SectionStatus } from './section-nav';
import { SecuritySection } from './security-section';
import { SETTINGS_SECTIONS, type ProfileTab, type SettingsSection } from './settings-model';
import { useProfileSettings } from './use-profile-settings';
import { useT } from '#/lib/i18n';
import { catalog } from './i18n';

export type { SettingsSection } from './settings-model';

export interface SettingsModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialSection?: SettingsSection;
}

/**
 * The Settings modal (spec 2): Profile, Security, Earnings and Memberships. Its content mounts on every
 * open, so Cancel (or closing) discards whatever was typed. It cannot be closed while saving.
 */
export function SettingsModal({ open, onOpenChange, initialSection = 'profile' }: SettingsModalProps) {
  const busy = useRef(false);
  const handleOpenChange = (next: boolean) => {
    if (!next && busy.current) return;
    onOpenChange(next);
  };
  const t = useT(catalog);
  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent
        className={
          // Phones: a full-height sheet. From 768 px: a centred two-column dialog.
          'top-0 left-0 flex h-dvh max-h-dvh max-w-none translate-x-0 translate-y-0 flex-col gap-0 rounded-none border-0 p-0 sm:max-w-none ' +
          'md:top-1/2 md:left-1/2 md:h-[min(46rem,calc(100dvh-2rem))] md:max-w-4xl md:-translate-x-1/2 md:-translate-y-1/2 md:rounded-lg md:border'
        }
      >
        <DialogHeader className="border-b px-4 py-4 pr-12 text-left md:px-6">
          <DialogTitle>{t('settings.title')}</DialogTitle>
          <DialogDescription>{t('settings.description')}</DialogDescription>
        </DialogHeader>
        <SettingsBody
          initialSection={initialSection}
          onClose={() => onOpenChange(false)}
          onBusyChange={(value) => {
            busy.current = value;
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

interface SettingsBodyProps {
  initialSection: SettingsSection;
  onClose: () => void;
  onBusyChange: (busy: boolean) => void;
}

function SettingsBody(props: SettingsBodyProps) {
  const profile = useMe()?.profile;
  const t = useT(catalog);
  if (!profile) {
    return (
      <>
        <p className="flex-1 p-6 text-sm text-muted-foreground">{t('settings.unavailable')}</p>
        <DialogFooter className="border-t px-4 py-3 md:px-6">
          <Button type="button" variant="outline" onClick={props.onClose}>
            {t('settings.cancel')}
          </Button>
        </DialogFooter>
      </>
    );
  }
  return <SettingsForm {...props} profile={profile} />;
}

function SettingsForm({ initialSection, onClose, onBusyChange, profile }: SettingsBodyProps & { profile: OwnProfileView }) {
  // A deactivated member cannot edit the profile (the server refuses it): Security, with Reactivate, comes first.
  const sections = profile.isDeactivated ? SETTINGS_SECTIONS.filter((s) => s.id !== 'profile') : SETTINGS_SECTIONS;
  const [section, setSection] = useState<SettingsSection>(
    sections.some((s) => s.id === initialSection) ? initialSection : 'security',
  );
  const [tab, setTab] = useState<ProfileTab>('basic');
  const isMobile = useIsMobile();
  const t = useT(catalog);
  const settings = useProfileSettings({
    profile,
    onNavigate: (next) => {
      setSection('profile');
      setTab(next);
    },
    onSaved: onClose,
    onBusyChange,
  });

  const payoutState = usePayoutAccountQuery().data?.state;

  // Read on every render: react-hook-form only tracks isDirty for a form that reads it.
  const unsaved = settings.form.formState.isDirty;

  /*
   * Section markers (the spec names them, not their rules):
   * - Profile: ticked when name, username, picture, bio and city are all present (isProfileComplete);
   *   marked when one of its fields fails a rule (whatever disables Save, a field error, a failed picture).
   * - Security: always ticked (every member has a password and nothing needs filling in); never marked.
   * - Earnings: ticked when the payout account is enabled (ready to be paid); marked when it is restricted
   *   (Stripe needs more before it pays out again).
   * - Memberships: a list to read, nothing to complete or fix: neither.
   */
  const statuses: Record<SettingsSection, SectionStatus> = {
    profile: { complete: settings.complete, error: settings.hasErrors },
    security: { complete: true, error: false },
    earnings: { complete: payoutState === 'enabled', error: payoutState === 'restricted' },
    memberships: { complete: false, error: false },
  };

  return (
    <Form {...settings.form}>
      <Tabs
        value={section}
        onValueChange={(v) => setSection(v as SettingsSection)}
        orientation={isMobile ? 'horizontal' : 'vertical'}
        className="min-h-0 flex-1 gap-0 md:flex-row"
      >
        <nav aria-label={t('settings.title')} className="border-b p-3 md:w-56 md:shrink-0 md:border-r md:border-b-0">
          <SectionNav sections={sections} value={section} onChange={setSection} statuses={statuses} />
        </nav>
        <div className="min-h-0 flex-1 overflow-y-auto p-4 md:p-6">
          {sections.map(({ id, label }) => (
            <TabsContent
              key={id}
              value={id}
              // Below 768 px there are no tab buttons to name the panel: its heading does.
              {...(isMobile ? { 'aria-labelledby': `settings-${id}-heading` } : {})}
              className="grid content-start gap-4"
            >
              <h2 id={`settings-${id}-heading`} className="text-lg font-semibold">
                {t(label)}
              </h2>
              {id === 'profile' && <ProfileSection settings={settings} tab={tab} onTabChange={setTab} onSubmit={() => void settings.save()} />}
              {id === 'security' && <SecuritySection />}
              {id === 'earnings' && <EarningsSection email={profile.email} />}
              {id === 'memberships' && <MembershipsSection />}
            </TabsContent>
          ))}
        </div>
      </Tabs>
      {/* Cancel and Save belong to the profile form: sections with nothing to save leave the space to their content. */}
      {(section === 'profile' || unsaved) && (
        <DialogFooter className="border-t px-4 py-3 md:px-6">
          <Button type="button" variant="outline" onClick={onClose} disabled={settings.saving}>
            {t('settings.cancel')}
          </Button>
          <Button type="button" onClick={() => void settings.save()} disabled={settings.saveDisabled}>
            {settings.saving && <Spinner />}
            {settings.saving ? t('settings.saving') : t('settings.save')}
          </Button>
        </DialogFooter>
      )}
    </Form>
  );
}
