/**
 * The sections of the organization dialog (§3 creation form, grouped): company, invoicing, main user
 * (creation only), limits and payment, services and domains, contacts, classification and white label
 * (customized organizations). Each field shows its §5 message inline.
 */
import { CURRENCIES, CURRENCY_LABELS, CURRENCY_SYMBOLS } from '@beacon/domain/dictionary/currencies';
import {
  ACCOUNT_TYPE_LABELS,
  ACCOUNT_TYPES,
  BILLING_BASES,
  BILLING_BASIS_LABELS,
  COMMISSION_ROLE_LABELS,
  COMMISSION_ROLES,
  FEE_MODEL_LABELS,
  FEE_MODELS,
  LEGAL_ENTITIES,
  LEGAL_ENTITY_LABELS,
  ORGANIZATION_CONTACT_ROLE_LABELS,
  ORGANIZATION_KIND_LABELS,
  ORGANIZATION_KINDS,
  ORGANIZATION_SERVICE_LABELS,
  ORGANIZATION_SERVICES,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  PAYMENT_TERM_LABELS,
  PAYMENT_TERMS,
  REGION_LABELS,
  REGIONS,
} from '@beacon/domain/dictionary/organizations';
import { ORGANIZATION_ROLE_LABELS, ORGANIZATION_ROLES } from '@beacon/domain/dictionary/roles';
import { DOMAIN_MESSAGE } from '@beacon/domain/validation/messages';
import { isDomain } from '@beacon/domain/validation/web-domain';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { accessiblePrimary } from '../../../app/theme';
import { TimeZoneField } from '../../../components/TimeZoneField';
import type { StaffUser } from '../api/operator-staff';
import type { Organization } from '../api/organization';
import {
  CONTACT_ROLES,
  type FormErrors,
  type MainUserValues,
  type OrganizationFormValues,
} from '../utils/organization-form';
import type { SectionId } from '../utils/organization-sections';
import { taxIdFeedback } from '../utils/tax-id-feedback';
import {
  ColorField,
  CountryField,
  EnumSelect,
  HostListField,
  ImageFileField,
  MainUserFields,
  useObjectUrl,
} from './form-fields';
import { ContactSelect, ParentField } from './reference-fields';

export const sectionDomId = (id: SectionId): string => `organization-section-${id}`;

const Section = ({
  id,
  title,
  description,
  children,
}: {
  id: SectionId;
  title: string;
  description?: string;
  children: ReactNode;
}) => (
  <Box
    component="section"
    id={sectionDomId(id)}
    aria-labelledby={`${sectionDomId(id)}-title`}
    sx={{ py: 3, scrollMarginTop: 8, '& + &': { borderTop: 1, borderColor: 'divider' } }}
  >
    <Typography id={`${sectionDomId(id)}-title`} variant="h3" sx={{ mb: description ? 0.5 : 2 }}>
      {title}
    </Typography>
    {description && (
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {description}
      </Typography>
    )}
    <Box
      sx={{
        display: 'grid',
        columnGap: 2,
        rowGap: 2.5,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
        alignItems: 'start',
      }}
    >
      {children}
    </Box>
  </Box>
);

const Wide = ({ children }: { children: ReactNode }) => <Box sx={{ gridColumn: '1 / -1' }}>{children}</Box>;

export type OrganizationFiles = {
  readonly logo: File | null;
  readonly favicon: File | null;
};

export type RemovedImages = { readonly logo: boolean; readonly favicon: boolean };

export type OrganizationFormSectionsProps = {
  readonly mode: 'create' | 'edit';
  readonly organization: Organization | null;
  readonly values: OrganizationFormValues;
  readonly errors: FormErrors;
  /** Whether the tax id's problems show yet: once it has been left, or the form sent. */
  readonly isTaxIdChecked: boolean;
  readonly onTaxIdBlur: () => void;
  readonly onChange: (changes: Partial<OrganizationFormValues>) => void;
  readonly onLegalEntity: (legalEntity: OrganizationFormValues['legal_entity']) => void;
  readonly onMainUser: (changes: Partial<MainUserValues>) => void;
  readonly staff: {
    readonly users: readonly StaffUser[];
    readonly isLoading: boolean;
    readonly isUnavailable: boolean;
  };
  readonly files: OrganizationFiles;
  readonly removed: RemovedImages;
  readonly onFile: (field: keyof OrganizationFiles, file: File | null) => void;
  readonly onRemoveImage: (field: keyof OrganizationFiles) => void;
};

const domainError = (value: string): string | undefined => (isDomain(value) ? undefined : DOMAIN_MESSAGE);

const LOGO_TYPES = 'image/png,image/jpeg,image/gif,image/svg+xml';
const FAVICON_TYPES = 'image/png,image/x-icon,image/vnd.microsoft.icon,image/svg+xml,.ico';

export const OrganizationFormSections = ({
  mode,
  organization,
  values,
  errors,
  isTaxIdChecked,
  onTaxIdBlur,
  onChange,
  onLegalEntity,
  onMainUser,
  staff,
  files,
  removed,
  onFile,
  onRemoveImage,
}: OrganizationFormSectionsProps) => {
  const taxId = taxIdFeedback(values.country, values.tax_id);
  const taxIdError =
    errors.tax_id ?? (isTaxIdChecked && taxId.status === 'invalid' ? taxId.message : undefined);
  const invoicingSymbol = values.invoicing_currency ? CURRENCY_SYMBOLS[values.invoicing_currency] : '';
  const moneyField = (field: 'max_daily_balance' | 'prepayment_amount', label: string, hint: string) => (
    <TextField
      fullWidth
      label={label}
      value={values[field]}
      onChange={(event) => onChange({ [field]: event.target.value })}
      error={errors[field] !== undefined}
      helperText={errors[field] ?? hint}
      slotProps={{
        input: invoicingSymbol
          ? { startAdornment: <InputAdornment position="start">{invoicingSymbol}</InputAdornment> }
          : {},
        htmlInput: { inputMode: 'decimal' },
      }}
    />
  );
  const text = (
    field: 'name' | 'billing_address' | 'city' | 'zip' | 'title',
    label: string,
    options: { required?: boolean; hint?: string; autoComplete?: string } = {},
  ) => (
    <TextField
      fullWidth
      label={label}
      value={values[field]}
      onChange={(event) => onChange({ [field]: event.target.value })}
      required={options.required ?? false}
      autoComplete={options.autoComplete ?? 'off'}
      error={errors[field] !== undefined}
      helperText={errors[field] ?? options.hint}
    />
  );

  return (
    <>
      <Section id="company" title="Company">
        <Wide>{text('name', 'Company name', { required: true, autoComplete: 'organization' })}</Wide>
        <CountryField
          value={values.country}
          onChange={(country) => onChange({ country })}
          error={errors.country}
          required
        />
        <TextField
          fullWidth
          label={taxId.label}
          value={values.tax_id}
          onChange={(event) => onChange({ tax_id: event.target.value })}
          onBlur={onTaxIdBlur}
          error={taxIdError !== undefined}
          helperText={
            taxIdError ??
            (taxId.status === 'valid' ? (
              <Box
                component="span"
                sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'success.dark' }}
              >
                <CheckCircleOutlined sx={{ fontSize: 16 }} aria-hidden />
                {taxId.message}
              </Box>
            ) : taxId.status === 'invalid' ? (
              taxIdFeedback(values.country, '').message
            ) : (
              taxId.message
            ))
          }
          slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'characters' } }}
        />
        <TimeZoneField
          required
          value={values.time_zone}
          onChange={(time_zone) => onChange({ time_zone })}
          error={errors.time_zone}
          helperText="The default time zone of its campaigns"
        />
      </Section>

      <Section id="invoicing" title="Invoicing">
        <Wide>
          <EnumSelect
            label="Invoicing entity"
            value={values.legal_entity}
            options={LEGAL_ENTITIES}
            labels={LEGAL_ENTITY_LABELS}
            onChange={onLegalEntity}
            error={errors.legal_entity}
            helperText="The regional legal entity that invoices this organization"
          />
        </Wide>
        <Wide>{text('billing_address', 'Billing address', { autoComplete: 'street-address' })}</Wide>
        {text('city', 'City', { autoComplete: 'address-level2' })}
        {text('zip', 'ZIP', { autoComplete: 'postal-code' })}
        <EnumSelect
          label="Reporting currency"
          value={values.currency}
          options={CURRENCIES}
          labels={CURRENCY_LABELS}
          onChange={(currency) => onChange({ currency })}
          required
          error={errors.currency}
          helperText="Campaigns and reports show amounts in it"
        />
        <EnumSelect
          label="Invoicing currency"
          value={values.invoicing_currency}
          options={CURRENCIES}
          labels={CURRENCY_LABELS}
          onChange={(invoicing_currency) => onChange({ invoicing_currency })}
          required
          error={errors.invoicing_currency}
          helperText="Invoices, balance and limits are in it"
        />
      </Section>

      {mode === 'create' && (
        <Section
          id="main-user"
          title="Main user"
          description="The organization's owner, created with it: they sign in with this username and password."
        >
          <MainUserFields values={values.main_user} errors={errors} onChange={onMainUser} />
        </Section>
      )}

      <Section id="limits" title="Limits & payment">
        <EnumSelect
          label="Payment method"
          value={values.payment_method}
          options={PAYMENT_METHODS}
          labels={PAYMENT_METHOD_LABELS}
          onChange={(payment_method) => onChange({ payment_method })}
          error={errors.payment_method}
        />
        <EnumSelect
          label="Payment terms"
          value={values.payment_terms}
          options={PAYMENT_TERMS}
          labels={PAYMENT_TERM_LABELS}
          onChange={(payment_terms) => onChange({ payment_terms })}
          required
          error={errors.payment_terms}
          helperText={
            values.payment_terms === 'prepayment' ? 'Spends a balance topped up in advance' : undefined
          }
        />
        {moneyField('max_daily_balance', 'Max daily balance', 'The most it may spend in a day, e.g. 1500.25')}
        {moneyField('prepayment_amount', 'Prepayment amount', 'The agreed top-up, e.g. 250')}
      </Section>

      <Section id="services" title="Services & domains">
        <Wide>
          <FormControl component="fieldset" error={errors.services !== undefined}>
            <FormLabel component="legend" sx={{ mb: 0.5 }}>
              Services
            </FormLabel>
            <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              {ORGANIZATION_SERVICES.map((service) => (
                <FormControlLabel
                  key={service}
                  label={ORGANIZATION_SERVICE_LABELS[service]}
                  control={
                    <Checkbox
                      checked={values.services.includes(service)}
                      onChange={(event) =>
                        onChange({
                          services: event.target.checked
                            ? [...values.services, service]
                            : values.services.filter((item) => item !== service),
                        })
                      }
                    />
                  }
                />
              ))}
            </FormGroup>
            {errors.services && <FormHelperText>{errors.services}</FormHelperText>}
          </FormControl>
        </Wide>
        <Wide>
          <HostListField
            label="Additional domains"
            addLabel="Add domain"
            values={values.additional_domains}
            onChange={(additional_domains) => onChange({ additional_domains })}
            check={domainError}
            error={errors.additional_domains}
            helperText="Other domains of the company, e.g. acme.example; press Enter to add each"
          />
        </Wide>
      </Section>

      <Section
        id="contacts"
        title="Contacts"
        description="The people of the operator's staff who look after this organization."
      >
        {CONTACT_ROLES.map((role) => (
          <ContactSelect
            key={role}
            label={ORGANIZATION_CONTACT_ROLE_LABELS[role]}
            value={values.contacts[role]}
            staff={staff.users}
            isLoading={staff.isLoading}
            isUnavailable={staff.isUnavailable}
            onChange={(userId) => onChange({ contacts: { ...values.contacts, [role]: userId } })}
            error={
              errors[`contacts.${role}`] ?? (role === 'client_services_owner' ? errors.contacts : undefined)
            }
          />
        ))}
      </Section>

      <Section id="classification" title="Classification">
        <EnumSelect
          label="Organization role"
          value={values.role}
          options={ORGANIZATION_ROLES}
          labels={ORGANIZATION_ROLE_LABELS}
          onChange={(role) => role !== '' && onChange({ role })}
          required
          error={errors.role}
          helperText={
            values.role === 'customized' ? 'Has its own logo, title, favicon and colour' : undefined
          }
        />
        <ParentField
          value={values.parent}
          excludeId={organization?.id ?? null}
          onChange={(parent) => onChange({ parent })}
          error={errors.parent}
        />
        <EnumSelect
          label="Account type"
          value={values.account_type}
          options={ACCOUNT_TYPES}
          labels={ACCOUNT_TYPE_LABELS}
          onChange={(account_type) => onChange({ account_type })}
          error={errors.account_type}
        />
        <EnumSelect
          label="Kind"
          value={values.kind}
          options={ORGANIZATION_KINDS}
          labels={ORGANIZATION_KIND_LABELS}
          onChange={(kind) => onChange({ kind })}
          error={errors.kind}
        />
        <EnumSelect
          label="Commission role"
          value={values.commission_role}
          options={COMMISSION_ROLES}
          labels={COMMISSION_ROLE_LABELS}
          onChange={(commission_role) => onChange({ commission_role })}
          error={errors.commission_role}
        />
        <EnumSelect
          label="Region"
          value={values.region}
          options={REGIONS}
          labels={REGION_LABELS}
          onChange={(region) => onChange({ region })}
          error={errors.region}
        />
        <EnumSelect
          label="Fee model"
          value={values.fee_model}
          options={FEE_MODELS}
          labels={FEE_MODEL_LABELS}
          onChange={(fee_model) => onChange({ fee_model })}
          error={errors.fee_model}
        />
        <EnumSelect
          label="Billing basis"
          value={values.billing_basis}
          options={BILLING_BASES}
          labels={BILLING_BASIS_LABELS}
          onChange={(billing_basis) => onChange({ billing_basis })}
          error={errors.billing_basis}
        />
      </Section>

      {values.role === 'customized' && (
        <Section
          id="white-label"
          title="White label"
          description="The console and the login page follow these on the organization's host identities."
        >
          <Wide>
            <HostListField
              label="Host identities"
              addLabel="Add host"
              values={values.whitelabel_hosts}
              onChange={(whitelabel_hosts) => onChange({ whitelabel_hosts })}
              check={domainError}
              error={errors.whitelabel_hosts}
              helperText="Host names that show this brand, e.g. ads.acme.example"
            />
          </Wide>
          {text('title', 'Title', { hint: 'Shown in the browser tab and the login page' })}
          <ColorField value={values.color} onChange={(color) => onChange({ color })} error={errors.color} />
          <ImageFileField
            label="Logo"
            current={organization?.image ?? null}
            file={files.logo}
            isRemoved={removed.logo}
            accept={LOGO_TYPES}
            hint="PNG, JPEG, GIF or SVG"
            error={errors.logo}
            onFile={(file) => onFile('logo', file)}
            onRemove={() => onRemoveImage('logo')}
          />
          <ImageFileField
            label="Favicon"
            current={organization?.favicon ?? null}
            file={files.favicon}
            isRemoved={removed.favicon}
            accept={FAVICON_TYPES}
            hint="ICO, PNG or SVG"
            error={errors.favicon}
            onFile={(file) => onFile('favicon', file)}
            onRemove={() => onRemoveImage('favicon')}
          />
          <Wide>
            <BrandPreview values={values} files={files} organization={organization} removed={removed} />
          </Wide>
        </Section>
      )}
    </>
  );
};

/**
 * A live preview of the white-label app bar: logo, title and colour as chosen, the colour darkened the way
 * the console darkens it for contrast.
 */
const BrandPreview = ({
  values,
  files,
  organization,
  removed,
}: {
  values: OrganizationFormValues;
  files: OrganizationFiles;
  organization: Organization | null;
  removed: RemovedImages;
}) => {
  const color = accessiblePrimary(values.color);
  const chosenLogo = useObjectUrl(files.logo);
  const logo = chosenLogo ?? (removed.logo ? null : (organization?.image ?? null));
  return (
    <Stack spacing={1}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        Preview
      </Typography>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          px: 2,
          height: 52,
          borderRadius: 1,
          border: 1,
          borderColor: 'divider',
          borderBottom: `3px solid ${color}`,
          bgcolor: 'background.paper',
        }}
      >
        {logo && <Box component="img" src={logo} alt="Logo" sx={{ maxHeight: 28, maxWidth: 96 }} />}
        <Typography sx={{ fontWeight: 700, color }}>{values.title || values.name || 'Title'}</Typography>
        <Box sx={{ flex: 1 }} />
        <Box
          component="span"
          sx={{
            px: 1.5,
            py: 0.5,
            borderRadius: 1,
            bgcolor: color,
            color: '#fff',
            fontSize: 13,
            fontWeight: 600,
          }}
        >
          Primary action
        </Box>
      </Box>
    </Stack>
  );
};
