/**
 * A hover tooltip drawn as antd's (its markup and classes, `hoverTooltip.css` giving the
 * theme's variables), without antd's Tooltip and rc-trigger (issue 36: the header's VIP badge is
 * on every page, the tables' cut cells on every market screen). The element itself is never
 * wrapped or mounted anew: the tip is a sibling in a portal, so a click that lands while the tip
 * appears ends on the element it started on, and nothing on the page moves.
 */
import './hoverTooltip.css';
import {
  type CSSProperties,
  cloneElement,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { classNames } from '../lib/classNames.ts';

type Target = ReactElement<{
  onPointerEnter?: (event: PointerEvent) => void;
  onPointerLeave?: (event: PointerEvent) => void;
  onFocus?: (event: FocusEvent) => void;
  onBlur?: (event: FocusEvent) => void;
  'aria-describedby'?: string;
}>;

/** Room kept between a tip and the window's edges. */
const EDGE = 8;
/** Where the arrow sits from the tip's start edge in a `topLeft` tip. */
const ARROW_START = 12;

/** `children`: one element that takes pointer events (a link, a button, a span). */
export function HoverTooltip({
  title,
  placement = 'top',
  children,
}: {
  title: ReactNode;
  placement?: 'top' | 'topLeft';
  children: Target;
}) {
  const id = useId();
  const [anchor, setAnchor] = useState<{ box: DOMRect; theme: string } | null>(null);
  const tip = useRef<HTMLDivElement>(null);
  const [shift, setShift] = useState(0);

  // Kept inside the window: a tip near an edge moves in (its arrow stays over the element).
  // Measured again for each element shown (`anchor`), once the tip is in the page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `anchor` is when to measure
  useLayoutEffect(() => {
    const box = tip.current?.getBoundingClientRect();
    if (!box) return;
    const overRight = box.right - shift - (window.innerWidth - EDGE);
    const overLeft = EDGE - (box.left - shift);
    setShift(overRight > 0 ? -overRight : overLeft > 0 ? overLeft : 0);
  }, [anchor, shift]);

  const { props } = children;
  const show = (target: EventTarget) => {
    const element = target as Element;
    // The tip lives in <body>, outside the portal's root: it takes the root's theme class
    // (antd's `css-var-*`, where the theme's variables are), as antd's own popups do.
    const root = element.closest('[class*="css-var-"]');
    const theme = root ? ([...root.classList].find((name) => name.startsWith('css-var-')) ?? '') : '';
    setShift(0);
    setAnchor({ box: element.getBoundingClientRect(), theme });
  };
  const element = cloneElement(children, {
    'aria-describedby': anchor ? id : props['aria-describedby'],
    onPointerEnter: (event: PointerEvent) => {
      props.onPointerEnter?.(event);
      if (event.pointerType !== 'touch') show(event.currentTarget);
    },
    onPointerLeave: (event: PointerEvent) => {
      props.onPointerLeave?.(event);
      setAnchor(null);
    },
    onFocus: (event: FocusEvent) => {
      props.onFocus?.(event);
      if ((event.target as Element).matches(':focus-visible')) show(event.currentTarget);
    },
    onBlur: (event: FocusEvent) => {
      props.onBlur?.(event);
      setAnchor(null);
    },
  });
  // The element keeps its place in the tree whether the tip shows or not: it is never mounted anew.
  if (!anchor) return <>{element}</>;

  const { box, theme } = anchor;
  const centred = placement === 'top';
  const left = (centred ? box.left + box.width / 2 : box.left) + window.scrollX + shift;
  const arrow = centred ? `calc(50% - ${shift}px)` : `${Math.max(ARROW_START, box.width / 2) - shift}px`;
  const style = {
    left,
    top: box.top + window.scrollY,
    '--arrow-x': arrow,
  } as CSSProperties;
  return (
    <>
      {element}
      {createPortal(
        <div
          ref={tip}
          className={classNames(
            'ant-tooltip',
            `ant-tooltip-placement-${placement}`,
            'sp-hover-tooltip',
            centred && 'sp-hover-tooltip--centred',
            theme,
          )}
          style={style}
        >
          <div className="ant-tooltip-arrow" style={{ position: 'absolute', bottom: 0, left: arrow }}>
            <span className="ant-tooltip-arrow-content" />
          </div>
          <div id={id} className="ant-tooltip-container" role="tooltip">
            {title}
          </div>
        </div>,
        document.body,
      )}
    </>
  );
}
