// How a link asks for its route's chunks ahead of a click: start-app.tsx provides the router's
// preloader, so layouts (which the router itself loads) need not import the router.
import { createContext, useContext } from 'react';

export const RoutePreloadContext = createContext<(path: string) => void>(() => {});

export const usePreloadRoute = () => useContext(RoutePreloadContext);
