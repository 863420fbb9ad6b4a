// A QR code drawn as one SVG path (uqr encodes it): no inline style and no injected markup, so it
// passes the page's Content-Security-Policy. Dark modules in the text colour on the surface colour,
// with the four-module quiet zone scanners need.
import { encode } from 'uqr';

export function QrCode({ text, label }: { readonly text: string; readonly label: string }) {
  const { size, data } = encode(text, { ecc: 'M' });
  const quiet = 4;
  let path = '';
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x + quiet} ${y + quiet}h1v1h-1z`;
    }),
  );
  const box = size + quiet * 2;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${box} ${box}`}
      className="size-48 rounded-control bg-white"
      shapeRendering="crispEdges"
    >
      <path d={path} className="fill-black" />
    </svg>
  );
}
