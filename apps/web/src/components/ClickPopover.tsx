/**
 * antd's Popover opened by a click, loaded on the first click (issue 36): its popup code (rc-trigger,
 * portal, motion: about 10 KB gzip) left the first load of the quote screens, where every masked
 * phone has one. Until then the element renders alone, as inside the Popover (which adds no box);
 * the first click opens it as soon as it arrives, and from then on it is antd's.
 */
import {
  cloneElement,
  lazy,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  Suspense,
  useState,
} from 'react';

const Popover = lazy(() => import('antd/es/popover'));

type Target = ReactElement<{ onClick?: (event: MouseEvent) => void }>;

/** `children`: one element that takes clicks (a button). */
export function ClickPopover({
  title,
  content,
  open,
  onOpenChange,
  children,
}: {
  title: ReactNode;
  content: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: Target;
}) {
  const [armed, setArmed] = useState(false);
  if (!armed) {
    return cloneElement(children, {
      onClick: (event: MouseEvent) => {
        children.props.onClick?.(event);
        setArmed(true);
        onOpenChange(true);
      },
    });
  }
  return (
    <Suspense fallback={children}>
      <Popover title={title} content={content} trigger="click" open={open} onOpenChange={onOpenChange}>
        {children}
      </Popover>
    </Suspense>
  );
}
