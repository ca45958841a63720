import { missingRequired, PRODUCT_FIELDS, REQUIRED_FIELDS, type ColumnMapping } from '@/lib/catalog/import';

/** Which CSV column feeds each product field; the columns left over become attributes. */
export function ColumnMappingFields({
  headers,
  mapping,
  onChange,
}: {
  headers: readonly string[];
  mapping: ColumnMapping;
  onChange(next: ColumnMapping): void;
}) {
  const missing = missingRequired(mapping);
  const unmapped = headers.filter((h) => !Object.values(mapping).includes(h));
  return (
    <fieldset class="mapping" data-testid="column-mapping">
      <legend>Columns</legend>
      {PRODUCT_FIELDS.map((field) => (
        <label key={field}>
          {field}
          {REQUIRED_FIELDS.includes(field) ? ' *' : ''}
          <select value={mapping[field]} onChange={(e) => onChange({ ...mapping, [field]: e.currentTarget.value })} data-field={field}>
            <option value="">—</option>
            {headers.map((h) => (
              <option key={h} value={h}>
                {h}
              </option>
            ))}
          </select>
        </label>
      ))}
      <p class="muted">Attributes: {unmapped.length ? unmapped.join(', ') : 'none'}</p>
      {missing.length > 0 && <p class="error">Choose a column for: {missing.join(', ')}</p>}
    </fieldset>
  );
}
