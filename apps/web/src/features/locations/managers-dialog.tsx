import * as React from 'react';
import { toast } from 'sonner';
import { normalizeSearchQuery, type LocationView, type MemberSummary } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#/components/ui/dialog';
import { Input } from '#/components/ui/input';
import { Label } from '#/components/ui/label';
import { MemberPhoto } from '#/components/member/member-photo';
import { errorMessage } from '#/lib/api';
import { useT } from '#/lib/i18n';
import { memberName } from '#/lib/member-format';
import { useDebouncedValue } from '#/lib/use-debounced-value';
import { useSearchQuery } from '#/features/search/api';
import { useLocationManagerMutations, useLocationManagersQuery } from './api';
import { catalog } from './i18n';

function MemberLine({ member, action }: { member: MemberSummary; action?: React.ReactNode }) {
  const name = memberName(member);
  return (
    <li className="flex items-center gap-3 py-1.5">
      <MemberPhoto member={member} alt="" className="size-8" />
      <span className="min-w-0 flex-1 truncate text-sm">
        {name}
        {member.username && <span className="text-muted-foreground"> @{member.username}</span>}
      </span>
      {action}
    </li>
  );
}

/** The member picker: members found by name or username (the global search's members, as the admin may see them). */
function MemberPicker({ exclude, onPick, busy }: { exclude: Set<string>; onPick: (id: string) => void; busy: boolean }) {
  const [text, setText] = React.useState('');
  const q = useDebouncedValue(normalizeSearchQuery(text), 300);
  const found = useSearchQuery(q);
  const t = useT(catalog);
  const people = (found.data?.results ?? []).flatMap((r) => (r.type === 'user' && !exclude.has(r.id) ? [r] : []));
  return (
    <div className="grid gap-2">
      <Label htmlFor="place-manager-search">{t('locations.managers.add')}</Label>
      <Input id="place-manager-search" type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder={t('locations.managers.searchPlaceholder')} autoComplete="off" />
      {q.length >= 2 && (
        <ul aria-label={t('locations.managers.found')} className="grid">
          {people.map((p) => (
            <MemberLine
              key={p.id}
              member={{ id: p.id, fullName: p.fullName, username: p.username, profilePictureUrl: p.profilePictureUrl, isVerified: p.isVerified, age: null, city: null }}
              action={
                <Button size="sm" variant="outline" disabled={busy} onClick={() => onPick(p.id)} aria-label={t('locations.managers.addMember', { name: p.fullName ?? p.username ?? t('locations.managers.member') })}>
                  {t('locations.managers.addButton')}
                </Button>
              }
            />
          ))}
          {found.isSuccess && !people.length && <li className="py-1.5 text-sm text-muted-foreground">{t('locations.managers.noneFound')}</li>}
        </ul>
      )}
    </div>
  );
}

/**
 * Admins choose who manages a place besides its creator and the admins (decision 026): the list with Remove, and a
 * member picker to add one. A limited member named here still needs manage_locations.
 */
export function ManagersDialog({ open, onOpenChange, place }: { open: boolean; onOpenChange: (open: boolean) => void; place: LocationView }) {
  const list = useLocationManagersQuery(place.id);
  const { add, remove } = useLocationManagerMutations(place.id);
  const t = useT(catalog);
  const onError = (error: unknown) => toast.error(t('locations.toast.saveFailed'), { description: errorMessage(error) });
  const managers = list.data?.managers ?? [];
  const exclude = new Set([...managers.map((m) => m.member.id), ...(list.data?.creator ? [list.data.creator.id] : [])]);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t('locations.managers.title')}</DialogTitle>
          <DialogDescription>{t('locations.managers.description', { name: place.name })}</DialogDescription>
        </DialogHeader>
        {list.isPending ? (
          <p className="text-sm text-muted-foreground">{t('locations.loading')}</p>
        ) : list.isError ? (
          <p role="alert" className="text-sm text-destructive">{errorMessage(list.error)}</p>
        ) : (
          <ul aria-label={t('locations.managers')} className="grid">
            {list.data.creator && <MemberLine member={list.data.creator} action={<span className="text-xs text-muted-foreground">{t('locations.managers.creator')}</span>} />}
            {managers.map((m) => (
              <MemberLine
                key={m.member.id}
                member={m.member}
                action={
                  <Button size="sm" variant="ghost" disabled={remove.isPending} onClick={() => remove.mutate(m.member.id, { onError })} aria-label={t('locations.managers.removeMember', { name: memberName(m.member) })}>
                    {t('locations.managers.remove')}
                  </Button>
                }
              />
            ))}
            {!list.data.creator && !managers.length && <li className="py-1.5 text-sm text-muted-foreground">{t('locations.managers.onlyAdmins')}</li>}
          </ul>
        )}
        <MemberPicker exclude={exclude} busy={add.isPending} onPick={(id) => add.mutate(id, { onError, onSuccess: () => toast.success(t('locations.managers.added')) })} />
      </DialogContent>
    </Dialog>
  );
}
