// The first part of every query key: each feature's api module builds its keys on these, and a
// change that touches another feature's data (a weight moves an animal's and its group's figures)
// invalidates by the same constant, never by a string typed again (features never import each
// other; decision 0018).
export const keys = {
  session: 'session',
  animals: 'animals',
  groups: 'groups',
  reminders: 'reminders',
  species: 'species',
  careEntries: 'care-entries',
  farms: 'farms',
  farmMembers: 'farm-members',
  profile: 'profile',
  calendarFeed: 'calendar-feed',
  dailyEmail: 'daily-email',
  /** Account → 'Notifications' (issue 29): the person's devices and morning time on this farm */
  notifications: 'notifications',
  invitation: 'invitation',
  sharedRecord: 'shared-record',
  medicines: 'medicines',
  /** the cabinet's warnings (Home): any change of medicines or stock refreshes them */
  medicineWarnings: 'medicine-warnings',
  production: 'production',
  eggCollections: 'egg-collections',
  milkRecords: 'milk-records',
  /** the farm's money (issue 28): entries, the summary, a group's feed */
  money: 'money',
} as const;
