import { ClipboardListIcon, SlidersHorizontalIcon } from 'lucide-react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#/components/ui/tabs';
import { PaymentsModeBanner } from '#/features/payments';
import { ApplicationsPanel } from './applications-panel';
import { AdminSectionBoundary } from './section-error';
import { SettingsPanel } from './settings-panel';

/** /admin and /admin-dashboard: membership applications and app settings (the server checks the admin role too). */
export function AdminPage() {
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-6 sm:px-6 sm:py-10">
      {/* Said before anything else: an admin must not take test payments for real ones. */}
      <PaymentsModeBanner />
      <header className="grid gap-1">
        <p className="text-xs font-semibold tracking-[0.2em] text-primary uppercase">Admin</p>
        <h1 className="text-3xl font-semibold tracking-tight">Dashboard</h1>
        <p className="text-muted-foreground">Review membership applications and shape how the club looks and works.</p>
      </header>
      <Tabs defaultValue="applications" className="gap-6">
        <TabsList className="w-full sm:w-fit">
          <TabsTrigger value="applications" className="px-4">
            <ClipboardListIcon aria-hidden="true" /> Applications
          </TabsTrigger>
          <TabsTrigger value="settings" className="px-4">
            <SlidersHorizontalIcon aria-hidden="true" /> Settings
          </TabsTrigger>
        </TabsList>
        <TabsContent value="applications">
          <AdminSectionBoundary>
            <ApplicationsPanel />
          </AdminSectionBoundary>
        </TabsContent>
        <TabsContent value="settings">
          <AdminSectionBoundary>
            <SettingsPanel />
          </AdminSectionBoundary>
        </TabsContent>
      </Tabs>
    </div>
  );
}
