/**
 * The admin tables' search box (role="search"), applied as one types or on Enter: e-mail text for
 * the users; a team's name or a member's e-mail for the workspaces (`id`, `label`, `placeholder`).
 */
import { useTranslation } from 'react-i18next';

interface UserSearchFormProps {
  value: string;
  onType: (value: string) => void;
  onSubmit: () => void;
  id?: string;
  label?: string;
  placeholder?: string;
}

export function UserSearchForm({
  value,
  onType,
  onSubmit,
  id = 'admin-user-search',
  label,
  placeholder,
}: UserSearchFormProps) {
  const { t } = useTranslation();
  return (
    <form
      role="search"
      className="admin-search"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <label className="field__label" htmlFor={id}>
        {label ?? t('admin.users.searchLabel')}
      </label>
      <input
        id={id}
        className="field__input"
        type="search"
        inputMode={label ? undefined : 'email'}
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder ?? t('admin.users.searchPlaceholder')}
        value={value}
        onChange={(event) => onType(event.target.value)}
      />
    </form>
  );
}
