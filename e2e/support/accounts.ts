/** The admin the e2e server creates before it starts. */
export const E2E_ADMIN = { email: 'admin@e2e.test', password: 'e2e-admin-pass', username: 'e2eadmin', name: 'Erin Admin' };
