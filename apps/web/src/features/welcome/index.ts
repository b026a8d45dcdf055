// The welcome feature's widget for others to compose: Home's welcome for a new member.
export { Welcome } from './welcome';
