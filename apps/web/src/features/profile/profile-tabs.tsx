import type * as React from 'react';
import { ImagesIcon, MessageCircleIcon } from 'lucide-react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#/components/ui/tabs';
import { PhotoGallery } from '#/features/gallery/photo-gallery';

interface ProfileTabsProps {
  profileId: string;
  isOwner: boolean;
  /** 'Messages' on the own profile, 'Message' on another member's (spec 2). */
  messageLabel: 'Message' | 'Messages';
  messageContent: React.ReactNode;
}

/** Spec 2: the two tabs under a profile's header, Photos first. */
export function ProfileTabs({ profileId, isOwner, messageLabel, messageContent }: ProfileTabsProps) {
  return (
    <Tabs defaultValue="photos" className="gap-4">
      <TabsList className="w-full">
        <TabsTrigger value="photos">
          <ImagesIcon aria-hidden="true" />
          Photos
        </TabsTrigger>
        <TabsTrigger value="message">
          <MessageCircleIcon aria-hidden="true" />
          {messageLabel}
        </TabsTrigger>
      </TabsList>
      <TabsContent value="photos">
        <PhotoGallery profileId={profileId} isOwner={isOwner} />
      </TabsContent>
      <TabsContent value="message">{messageContent}</TabsContent>
    </Tabs>
  );
}
