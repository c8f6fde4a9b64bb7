/** The labelled <select> of a role an invitation or a change may give (admin, researcher, observer). */
import { useTranslation } from 'react-i18next';
import { GRANTABLE_ROLES, type GrantableRole } from '@/features/team/api/team';

interface RoleSelectProps {
  id: string;
  value: GrantableRole;
  onChange: (role: GrantableRole) => void;
  disabled?: boolean;
}

export function RoleSelect({ id, value, onChange, disabled }: RoleSelectProps) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {t('team.inviteDialog.role')}
      </label>
      <select
        id={id}
        className="field__input"
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.currentTarget.value as GrantableRole)}
      >
        {GRANTABLE_ROLES.map((role) => (
          <option key={role} value={role}>
            {t(`team.roles.${role}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
