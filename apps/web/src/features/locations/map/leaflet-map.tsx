// The one module that brings Leaflet (and its stylesheet): everything here loads on demand, in the map's own chunk,
// only on pages that show a map (lazy.ts declares it). Leaflet 1.9 + react-leaflet 5: raster tiles, small, no WebGL.
import 'leaflet/dist/leaflet.css';
import './map.css';
import * as React from 'react';
import { divIcon, latLngBounds, type DivIcon, type Marker as LeafletMarker } from 'leaflet';
import { MapContainer, Marker, Popup, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { useT } from '#/lib/i18n';
import { cn } from '#/lib/utils';
import { catalog } from '../i18n';
import { BAY_CENTER, roundPoint, type MapPoint, type MapTiles } from './map-model';

/** HTML-escaped: Leaflet writes an attribution as HTML, and ours is plain text from the server's configuration. */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const PIN_COLOURS = { place: '#0d6b63', event: '#c2410c', picked: '#2563eb' } as const;
export type PinTone = keyof typeof PIN_COLOURS;

/** A pin drawn in the page (no image files: Leaflet's default icon paths break under a bundler). */
const pinIcon = (tone: PinTone) =>
  divIcon({
    className: 'bay-map-pin',
    html: `<svg viewBox="0 0 24 32" aria-hidden="true"><path d="M12 0C5.4 0 0 5.3 0 11.9 0 20.8 12 32 12 32s12-11.2 12-20.1C24 5.3 18.6 0 12 0z" fill="${PIN_COLOURS[tone]}" stroke="#fff" stroke-width="1.5"/><circle cx="12" cy="12" r="4.5" fill="#fff"/></svg>`,
    iconSize: [28, 36],
    iconAnchor: [14, 36],
    popupAnchor: [0, -32],
  });

/** One icon per tone, made once: react-leaflet redraws a marker whose icon is a new object, on every render. */
const PIN_ICONS = { place: pinIcon('place'), event: pinIcon('event'), picked: pinIcon('picked') } satisfies Record<PinTone, DivIcon>;

/** Leaflet reads a marker's `title` (its accessible name) once, when it makes the marker: later names are set here. */
function useMarkerTitle(marker: React.RefObject<LeafletMarker | null>, name: string) {
  React.useEffect(() => {
    marker.current?.getElement()?.setAttribute('title', name);
  }, [marker, name]);
}

/** The map's container is a named, focusable region (Leaflet makes it focusable: arrow keys pan, + and - zoom). */
function NameTheMap({ label }: { label: string }) {
  const map = useMap();
  const t = useT(catalog);
  const roleDescription = t('locations.map.roleDescription');
  React.useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', label);
    container.setAttribute('aria-roledescription', roleDescription);
  }, [map, label, roleDescription]);
  return null;
}

function Tiles({ tiles }: { tiles: MapTiles }) {
  return <TileLayer url={tiles.urlTemplate} attribution={escapeHtml(tiles.attribution)} maxZoom={19} />;
}

interface FrameProps {
  tiles: MapTiles;
  /** The map region's accessible name, with how to use it. */
  label: string;
  className?: string;
  center: MapPoint;
  zoom: number;
  children: React.ReactNode;
}

function Frame({ tiles, label, className, center, zoom, children }: FrameProps) {
  return (
    // The wrapper gives the map its size and keeps Leaflet's stacking (its panes use z-index up to 1000) under the
    // app's dialogs and menus.
    <div className={cn('relative isolate z-0 overflow-hidden rounded-xl border', className)}>
      <MapContainer center={[center.lat, center.lng]} zoom={zoom} scrollWheelZoom={false} className="bay-map size-full">
        <NameTheMap label={label} />
        <Tiles tiles={tiles} />
        {children}
      </MapContainer>
    </div>
  );
}

export interface MapMarkerSpec {
  id: string;
  position: MapPoint;
  /** The marker's accessible name (and its tooltip). */
  name: string;
  tone: PinTone;
  /** What its popup shows (links to the place or event page). */
  popup: React.ReactNode;
}

/** Shows every marker: on the first render and whenever the set of markers changes (a filter, Load more). */
function FitToMarkers({ markers }: { markers: MapMarkerSpec[] }) {
  const map = useMap();
  const key = markers.map((m) => m.id).join(',');
  React.useEffect(() => {
    if (markers.length === 0) return;
    if (markers.length === 1) map.setView([markers[0]!.position.lat, markers[0]!.position.lng], 15);
    else map.fitBounds(latLngBounds(markers.map((m) => [m.position.lat, m.position.lng])), { padding: [32, 32], maxZoom: 15 });
    // The key says when the set changed; the markers' objects are new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, key]);
  return null;
}

/**
 * A map of markers (places; their events in the popups). Each marker is a focusable button named by `name`
 * (Leaflet: role="button", tabindex 0, Enter opens its popup).
 */
export function MarkersMap({ tiles, label, className, markers }: Omit<FrameProps, 'center' | 'zoom' | 'children'> & { markers: MapMarkerSpec[] }) {
  const first = markers[0]?.position ?? BAY_CENTER;
  return (
    <Frame tiles={tiles} label={label} className={className} center={first} zoom={markers.length === 1 ? 15 : 10}>
      <FitToMarkers markers={markers} />
      {markers.map((m) => (
        <MarkerOf key={m.id} spec={m} />
      ))}
    </Frame>
  );
}

function MarkerOf({ spec }: { spec: MapMarkerSpec }) {
  const marker = React.useRef<LeafletMarker>(null);
  // A place's name grows "N upcoming events" when its events arrive after its pin is drawn.
  useMarkerTitle(marker, spec.name);
  return (
    <Marker ref={marker} position={[spec.position.lat, spec.position.lng]} icon={PIN_ICONS[spec.tone]} title={spec.name} keyboard>
      <Popup>{spec.popup}</Popup>
    </Marker>
  );
}

/** Steps of a pin moved by the keyboard, in screen pixels (Shift: larger). */
const KEY_STEPS: Record<string, [number, number]> = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

/**
 * Taps set the pin, and so does Enter or Space on the focused map (at its centre, after moving it with the arrow
 * keys). A pin set from elsewhere ("Use my position", an edited place) is brought into view close up, where a tap
 * can correct it by metres rather than by the kilometres a pixel spans on the whole bay.
 */
function PickerBehaviour({ value, onPick }: { value: MapPoint | null; onPick: (point: MapPoint) => void }) {
  const map = useMapEvents({
    click: (e) => onPick(roundPoint(e.latlng)),
    keydown: (e) => {
      const key = e.originalEvent;
      if ((key.key === 'Enter' || key.key === ' ') && key.target === map.getContainer()) {
        key.preventDefault();
        onPick(roundPoint(map.getCenter()));
      }
    },
  });
  return <FollowOutsidePicks value={value} />;
}

/** The last point the map itself produced (a tap, a drag, a key): any other value came from outside. */
const PickedOnMap = React.createContext<React.RefObject<MapPoint | null>>({ current: null });

function FollowOutsidePicks({ value }: { value: MapPoint | null }) {
  const map = useMap();
  const pickedOnMap = React.useContext(PickedOnMap);
  // Followed by its numbers: the form makes a new point object on every render, and following the object pulled the
  // map back to the pin on any re-render after the member had panned away.
  const lat = value?.lat;
  const lng = value?.lng;
  React.useEffect(() => {
    if (lat === undefined || lng === undefined) return;
    const own = pickedOnMap.current;
    if (own && own.lat === lat && own.lng === lng) return;
    // Without animation: the pin is where it will stay as soon as it is drawn (a tap right after lands true).
    map.setView([lat, lng], Math.max(map.getZoom(), 16), { animate: false });
  }, [map, lat, lng, pickedOnMap]);
  return null;
}

function PickedPin({ value, name, onPick }: { value: MapPoint; name: string; onPick: (point: MapPoint) => void }) {
  const map = useMap();
  const marker = React.useRef<LeafletMarker>(null);
  const latest = React.useRef({ value, onPick });
  latest.current = { value, onPick };
  React.useEffect(() => {
    const element = marker.current?.getElement();
    if (!element) return;
    // Arrow keys move the pin (not the map, which listens on its container): 10 px a press, 50 with Shift.
    const onKeyDown = (e: KeyboardEvent) => {
      const step = KEY_STEPS[e.key];
      if (!step) return;
      e.preventDefault();
      e.stopPropagation();
      const size = e.shiftKey ? 50 : 10;
      const here = map.latLngToContainerPoint([latest.current.value.lat, latest.current.value.lng]);
      const next = map.containerPointToLatLng([here.x + step[0] * size, here.y + step[1] * size]);
      map.panInside(next, { padding: [24, 24] });
      latest.current.onPick(roundPoint(next));
    };
    element.addEventListener('keydown', onKeyDown);
    return () => element.removeEventListener('keydown', onKeyDown);
  }, [map]);
  // The pin is kept (and keeps focus) as it moves, named by where it is now.
  useMarkerTitle(marker, name);
  return (
    <Marker
      ref={marker}
      position={[value.lat, value.lng]}
      icon={PIN_ICONS.picked}
      title={name}
      keyboard
      draggable
      eventHandlers={{ dragend: (e) => onPick(roundPoint((e.target as LeafletMarker).getLatLng())) }}
    />
  );
}

/**
 * Where a place is: a tap on the map (or a drag of the pin, or arrow keys on the focused pin) sets it. The
 * coordinates themselves are shown and announced by the picker around it.
 */
export function PickerMap({
  tiles,
  label,
  className,
  value,
  pinName,
  onPick,
}: Omit<FrameProps, 'center' | 'zoom' | 'children'> & { value: MapPoint | null; pinName: string; onPick: (point: MapPoint) => void }) {
  const pickedOnMap = React.useRef<MapPoint | null>(null);
  const pick = (point: MapPoint) => {
    pickedOnMap.current = point;
    onPick(point);
  };
  return (
    <Frame tiles={tiles} label={label} className={className} center={value ?? BAY_CENTER} zoom={value ? 16 : 10}>
      <PickedOnMap value={pickedOnMap}>
        <PickerBehaviour value={value} onPick={pick} />
        {value && <PickedPin value={value} name={pinName} onPick={pick} />}
      </PickedOnMap>
    </Frame>
  );
}
