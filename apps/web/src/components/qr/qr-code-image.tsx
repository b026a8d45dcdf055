/**
 * A QR code the server drew as SVG, shown as an image: an <img> never runs scripts or reaches the page, whatever
 * the SVG holds, so the markup is never put into the document itself.
 */
export function QrCodeImage({ svg, alt, className }: { svg: string; alt: string; className?: string }) {
  return <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} alt={alt} className={className} />;
}
