import { AboutPage } from '../../features/about/components/about-page.tsx';

/** /about: loaded on demand (its own chunk). */
export function AboutRoute() {
  return <AboutPage />;
}
