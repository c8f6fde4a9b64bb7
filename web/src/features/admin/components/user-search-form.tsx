/** The admin users table's search box (role="search"): e-mail text, applied as one types or on Enter. */
import { useTranslation } from 'react-i18next';

interface UserSearchFormProps {
  value: string;
  onType: (value: string) => void;
  onSubmit: () => void;
}

export function UserSearchForm({ value, onType, onSubmit }: UserSearchFormProps) {
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
      <label className="field__label" htmlFor="admin-user-search">
        {t('admin.users.searchLabel')}
      </label>
      <input
        id="admin-user-search"
        className="field__input"
        type="search"
        inputMode="email"
        autoComplete="off"
        spellCheck={false}
        placeholder={t('admin.users.searchPlaceholder')}
        value={value}
        onChange={(event) => onType(event.target.value)}
      />
    </form>
  );
}
