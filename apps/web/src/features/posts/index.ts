// The posts feature's widgets for others to compose (a community's Posts and Reported tabs).
export { CommunityPosts, ReportedPosts } from './community-posts';
