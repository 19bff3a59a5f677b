/**
 * The membership-info and non-membership-info pictures (docs/portal.md#static-content), drawn
 * here as inline SVG (our own artwork, nothing downloaded): a gold card with a crown and a steel
 * coil for a member, the same card in steel grey with a padlock for everyone else. Inline, they
 * cost no request and keep their box from the first paint (no layout shift); the caption beside
 * them says the words, so the pictures themselves are decorative.
 */

const WIDTH = 320;
const HEIGHT = 190;

/** The gold card of an active 免豆会员. */
function MemberCard() {
  return (
    <svg
      className="sp-vippicture"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width={WIDTH}
      height={HEIGHT}
      aria-hidden="true"
      focusable="false"
      data-state="member"
    >
      <defs>
        <linearGradient id="sp-vip-gold" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#f6d98b" />
          <stop offset="0.55" stopColor="#e2b450" />
          <stop offset="1" stopColor="#b9862a" />
        </linearGradient>
        <linearGradient id="sp-vip-shine" x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="#fff" stopOpacity="0" />
          <stop offset="0.5" stopColor="#fff" stopOpacity="0.45" />
          <stop offset="1" stopColor="#fff" stopOpacity="0" />
        </linearGradient>
      </defs>
      <rect x="4" y="4" width={WIDTH - 8} height={HEIGHT - 8} rx="16" fill="url(#sp-vip-gold)" />
      <path
        d="M4 120 C 110 80, 200 170, 316 110 L316 170 Q316 186 300 186 L20 186 Q4 186 4 170 Z"
        fill="#a8761f"
        opacity="0.35"
      />
      <rect
        x="-40"
        y="4"
        width="60"
        height={HEIGHT - 8}
        fill="url(#sp-vip-shine)"
        transform="skewX(-20) translate(150 0)"
      />
      {/* the crown */}
      <g transform="translate(28 30)">
        <path
          d="M0 44 L8 8 L26 28 L40 0 L54 28 L72 8 L80 44 Z"
          fill="#fff8e1"
          stroke="#7a5410"
          strokeWidth="3"
          strokeLinejoin="round"
        />
        <rect x="0" y="46" width="80" height="10" rx="3" fill="#7a5410" />
        <circle cx="40" cy="0" r="5" fill="#c0392b" />
        <circle cx="8" cy="8" r="4" fill="#1f4e8c" />
        <circle cx="72" cy="8" r="4" fill="#1f4e8c" />
      </g>
      {/* a steel coil: the trade the membership is for */}
      <g transform="translate(236 64)">
        <circle r="44" fill="#fdf3d6" stroke="#7a5410" strokeWidth="3" />
        <circle r="30" fill="none" stroke="#b9862a" strokeWidth="6" />
        <circle r="14" fill="#7a5410" />
        <circle r="6" fill="#fdf3d6" />
      </g>
      {/* the chip and the lines of a membership card */}
      <rect x="28" y="112" width="42" height="30" rx="5" fill="#fff3c4" stroke="#7a5410" strokeWidth="2" />
      <path d="M28 127 H70 M49 112 V142" stroke="#7a5410" strokeWidth="2" />
      <rect x="84" y="116" width="120" height="8" rx="4" fill="#7a5410" opacity="0.55" />
      <rect x="84" y="132" width="84" height="8" rx="4" fill="#7a5410" opacity="0.35" />
      <path
        d="M276 150 l8 8 l16 -18"
        fill="none"
        stroke="#fff8e1"
        strokeWidth="6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The grey card of a visitor or a member without 免豆会员. */
function NonMemberCard() {
  return (
    <svg
      className="sp-vippicture"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width={WIDTH}
      height={HEIGHT}
      aria-hidden="true"
      focusable="false"
      data-state="nonmember"
    >
      <defs>
        <linearGradient id="sp-vip-steel" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#eef2f7" />
          <stop offset="1" stopColor="#c9d3df" />
        </linearGradient>
      </defs>
      <rect
        x="4"
        y="4"
        width={WIDTH - 8}
        height={HEIGHT - 8}
        rx="16"
        fill="url(#sp-vip-steel)"
        stroke="#9aa8b8"
        strokeWidth="2"
        strokeDasharray="8 6"
      />
      {/* the crown, not yet worn */}
      <g transform="translate(28 30)" opacity="0.8">
        <path
          d="M0 44 L8 8 L26 28 L40 0 L54 28 L72 8 L80 44 Z"
          fill="none"
          stroke="#5f6b7a"
          strokeWidth="3"
          strokeLinejoin="round"
          strokeDasharray="6 4"
        />
        <rect x="0" y="46" width="80" height="10" rx="3" fill="#8a97a8" />
      </g>
      {/* the coil behind a padlock */}
      <g transform="translate(236 64)">
        <circle r="44" fill="#f7f9fc" stroke="#8a97a8" strokeWidth="3" />
        <circle r="30" fill="none" stroke="#b7c2cf" strokeWidth="6" />
        <circle r="14" fill="#8a97a8" />
      </g>
      <g transform="translate(218 98)">
        <path d="M8 14 V8 a10 10 0 0 1 20 0 V14" fill="none" stroke="#1f4e8c" strokeWidth="5" />
        <rect x="0" y="14" width="36" height="28" rx="5" fill="#1f4e8c" />
        <circle cx="18" cy="26" r="4" fill="#eaf1fa" />
        <rect x="16" y="28" width="4" height="8" fill="#eaf1fa" />
      </g>
      <rect x="28" y="112" width="42" height="30" rx="5" fill="#f7f9fc" stroke="#8a97a8" strokeWidth="2" />
      <rect x="84" y="116" width="120" height="8" rx="4" fill="#8a97a8" opacity="0.6" />
      <rect x="84" y="132" width="84" height="8" rx="4" fill="#8a97a8" opacity="0.4" />
    </svg>
  );
}

/** The member picture when `member`, the non-member picture otherwise. */
export function MembershipPicture({ member }: { member: boolean }) {
  return member ? <MemberCard /> : <NonMemberCard />;
}
