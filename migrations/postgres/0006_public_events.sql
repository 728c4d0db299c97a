-- The live-event log keeps each event everyone sees in two forms: `data` for signed-in
-- readers, with the contact details the cards show, and `public_data` for visitors, with
-- nobody's e-mail address or phone number. NULL for events only signed-in users see;
-- events logged before this column have none, and a visitor resuming over one of them
-- is told to refetch instead.
ALTER TABLE events ADD COLUMN public_data TEXT;
-- The user whose access the event ends (user.deleted), so that no process has to read
-- it back out of the JSON.
ALTER TABLE events ADD COLUMN ends_access_of BIGINT;
