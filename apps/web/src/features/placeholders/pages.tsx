import { ComingSoonPage } from './coming-soon-page';

// Pages that later issues fill in. Each keeps its route, title and a one-line promise.

