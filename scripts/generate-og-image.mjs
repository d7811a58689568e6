// The picture link previews show (WhatsApp, Facebook, X: og:image, client/src/lib/page-meta.tsx): 1200 x 630 PNG,
// the star of the favicon with the site's name in both languages. Run once when the brand changes
// (`node scripts/generate-og-image.mjs`); the PNG is committed in client/public.
import sharp from 'sharp';

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="#1c6fb5"/>
  <g transform="translate(80 187) scale(4)">
    <rect width="64" height="64" rx="14" fill="#4189DD" stroke="#fff" stroke-width="1.5"/>
    <path d="M32 12l5.9 18.1H57l-15.4 11.2 5.9 18.1L32 48.2 16.5 59.4l5.9-18.1L7 30.1h19.1z" fill="#fff"/>
  </g>
  <g font-family="DejaVu Sans, Noto Sans, sans-serif" fill="#fff">
    <text x="400" y="290" font-size="120" font-weight="bold">Codka</text>
    <text x="404" y="365" font-size="33">Doorashooyinka Federaalka Soomaaliya</text>
    <text x="404" y="417" font-size="33" fill-opacity="0.85">Somalia Federal Elections</text>
  </g>
</svg>`;

await sharp(Buffer.from(svg))
  .png({ compressionLevel: 9, palette: true })
  .toFile('client/public/og-image.png');
console.log('client/public/og-image.png written');
