// Face of the CRM feature (issue 23): the page (lazily loaded by app/routes.tsx through its own chunk) and its keys.
export { crmKeys } from './api';
