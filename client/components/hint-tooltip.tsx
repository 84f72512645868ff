// MUI's Tooltip, drawn once a page the server drew is the browser's. Tooltip keeps its child's node
// in state, set from a ref while React commits; in the commit that hydrates a page, that update runs
// at once and flushes every passive effect of the page in the same task, the first visit's longest.
// Until then the child is drawn alone: each child names itself (aria-label), so only the hover hint
// waits. Swapping the tooltip in draws the child anew, so focus on it is given back.
import { Tooltip, type TooltipProps } from '@mui/material';
import { cloneElement, type ReactElement, type RefCallback, useCallback, useRef } from 'react';
import { useServerDrawn } from '#client/lib/first-render';

export function HintTooltip({ children, ...props }: TooltipProps) {
  const serverDrawn = useServerDrawn();
  const hadFocus = useRef(false);
  // Called with the new node after the old one's cleanup, which runs before the old node leaves the
  // document (it still holds focus then).
  const keepFocus = useCallback((node: HTMLElement) => {
    if (hadFocus.current) node.focus();
    hadFocus.current = false;
    return () => {
      hadFocus.current = node === node.ownerDocument.activeElement;
    };
  }, []);
  const child = cloneElement(children as ReactElement<{ ref?: RefCallback<HTMLElement> }>, {
    ref: keepFocus,
  });
  return serverDrawn ? child : <Tooltip {...props}>{child}</Tooltip>;
}
