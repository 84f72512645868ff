// / and /home: search straight away, and see which data sources there are.
import { HomePage } from '#client/components/home-page';

export function Component() {
  return <HomePage />;
}
