// The safety feature's widgets for others to compose (profiles, connection lists, chats).
export { BlockedList } from './blocked-list';
export { MemberSafetyActions } from './member-safety-actions';
