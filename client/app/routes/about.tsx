// /about: platform name, version and build.
import { AboutPage } from '#client/components/about-page';

export function Component() {
  return <AboutPage />;
}
