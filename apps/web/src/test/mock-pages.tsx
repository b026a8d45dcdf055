// The landing, admin, setup and profile pages belong to another feature; tests of the shell stand them in.
export const LandingPage = () => <h1>Landing page</h1>;
export const AdminPage = () => <h1>Admin page</h1>;
export const SetupPage = () => <h1>Setup page</h1>;
export const ProfilePage = () => <h1>Profile page</h1>;
