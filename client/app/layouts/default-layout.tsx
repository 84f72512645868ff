// Route module of the `default` layout.
import { Outlet } from 'react-router';
import { DefaultLayoutFrame } from './default-layout-frame';

export function Component() {
  return (
    <DefaultLayoutFrame>
      <Outlet />
    </DefaultLayoutFrame>
  );
}
