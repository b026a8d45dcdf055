import * as React from 'react';
import { i18n } from '@lingui/core';
import { TransNoContext } from '@lingui/react/server';
import { useT, type Catalog, type MessageValues } from './i18n';

/**
 * A message with markup in it: `Read the <0>terms</0>` with `components={{ 0: <Link to="/terms-of-service" /> }}`.
 * Lingui's own Trans, without its provider (the page has one i18n instance and `useT` follows its changes).
 */
export function Trans({
  catalog,
  id,
  values,
  components,
}: {
  catalog: Catalog;
  id: string;
  values?: MessageValues;
  components?: Record<string, React.ReactElement>;
}) {
  useT(catalog);
  return <TransNoContext id={id} values={values} components={components} lingui={{ i18n }} />;
}
