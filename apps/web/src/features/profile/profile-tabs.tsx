import * as React from 'react';
import { ImagesIcon, MapPinIcon, MessageCircleIcon } from 'lucide-react';
import { PageSpinner } from '#/components/page-spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#/components/ui/tabs';
import { PhotoGallery } from '#/features/gallery';
import { ProfileCheckIns, useShowProfileCheckIns } from '#/features/locations';
import { useT } from '#/lib/i18n';
import { catalog } from './i18n';

// The Check-ins tab's code loads when the tab is first opened (decision 011).

interface ProfileTabsProps {
  profileId: string;
  isOwner: boolean;
  /** 'Messages' on the own profile, 'Message' on another member's (spec 2). */
  messageLabel: 'Message' | 'Messages';
  messageContent: React.ReactNode;
}

/** Spec 2: the tabs under a profile's header, Photos first; Check-ins (issue 12) for those who may see them. */
export function ProfileTabs({ profileId, isOwner, messageLabel, messageContent }: ProfileTabsProps) {
  const checkIns = useShowProfileCheckIns(isOwner);
  const t = useT(catalog);
  return (
    <Tabs defaultValue="photos" className="gap-4">
      <TabsList className="w-full">
        <TabsTrigger value="photos">
          <ImagesIcon aria-hidden="true" />
          {t('profile.tabs.photos')}
        </TabsTrigger>
        <TabsTrigger value="message">
          <MessageCircleIcon aria-hidden="true" />
          {messageLabel === 'Message' ? t('profile.tabs.message') : t('profile.tabs.messages')}
        </TabsTrigger>
        {checkIns && (
          <TabsTrigger value="check-ins" onPointerEnter={() => void ProfileCheckIns.preload()}>
            <MapPinIcon aria-hidden="true" />
            {t('profile.tabs.checkIns')}
          </TabsTrigger>
        )}
      </TabsList>
      <TabsContent value="photos">
        <PhotoGallery profileId={profileId} isOwner={isOwner} />
      </TabsContent>
      <TabsContent value="message">{messageContent}</TabsContent>
      {checkIns && (
        <TabsContent value="check-ins">
          <React.Suspense fallback={<PageSpinner />}>
            <ProfileCheckIns profileId={profileId} isOwner={isOwner} />
          </React.Suspense>
        </TabsContent>
      )}
    </Tabs>
  );
}
