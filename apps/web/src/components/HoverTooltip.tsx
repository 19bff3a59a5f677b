/**
 * antd's Tooltip, loaded when the pointer first reaches its element (issue 36): the header's VIP
 * badge is on every page, and its tooltip (antd's and rc-tooltip's code) left the first load.
 * Until then the element renders alone, exactly as it renders inside the Tooltip (which adds no
 * box), so nothing moves; the tooltip opens as soon as it arrives while the pointer is still
 * there, and from then on behaves as antd's (hover, as before).
 */
import {
  cloneElement,
  lazy,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
  Suspense,
  useState,
} from 'react';

const Tooltip = lazy(() => import('antd/es/tooltip'));

type Target = ReactElement<{ onPointerEnter?: (event: PointerEvent) => void }>;

/** `children`: one element that takes pointer events (a link, a button). */
export function HoverTooltip({
  title,
  placement,
  children,
}: {
  title: ReactNode;
  placement?: 'top' | 'topLeft';
  children: Target;
}) {
  const [armed, setArmed] = useState(false);
  if (!armed) {
    return cloneElement(children, {
      onPointerEnter: (event: PointerEvent) => {
        children.props.onPointerEnter?.(event);
        setArmed(true);
      },
    });
  }
  return (
    <Suspense fallback={children}>
      <Tooltip title={title} placement={placement} defaultOpen>
        {children}
      </Tooltip>
    </Suspense>
  );
}
