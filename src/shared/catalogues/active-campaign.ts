import { moduleCatalogue, atField } from './kit';

/** server/modules/active-campaign: its errors, its audit actions with their German names, the records its audit rows point at */
export const activeCampaign = moduleCatalogue({
  errors: {
    /** the ActiveCampaign sync (issue 21) */
    active_campaign: {
      run_running: { status: 409, code: 'sync_running', message: 'Es läuft schon eine Synchronisierung. Warte, bis sie fertig ist.' },
      not_configured: {
        status: 409,
        code: 'not_configured',
        message: 'Es ist noch kein ActiveCampaign-Konto verbunden: Trage API-URL und API-Schlüssel ein und speichere.',
      },
      no_list: { status: 409, code: 'no_list', message: 'Bitte wähle zuerst die Liste, in die synchronisiert wird, und speichere.' },
      key_required: { status: 400, code: 'validation_failed', ...atField('key', 'Bitte gib den API-Schlüssel an.') },
      /** the stored key goes only to the origin it was saved for */
      key_for_new_url: {
        status: 400,
        code: 'validation_failed',
        ...atField(
          'key',
          'Bitte gib den API-Schlüssel für die neue Adresse ein: Der gespeicherte Schlüssel wird nur an die Adresse geschickt, für die er gespeichert wurde.',
        ),
      },
      list_name_taken: {
        status: 409,
        code: 'list_name_taken',
        ...atField('name', 'In ActiveCampaign gibt es schon eine Liste mit diesem Namen. Wähle bitte einen anderen Namen.'),
      },
      /** ActiveCampaign refused or was not reachable: the client's German text (bad key, refused address, network), never the remote one */
      refused: { status: 409, code: 'active_campaign_refused', message: (text: string) => text },
    },
  },
  audit: {
    'active_campaign_settings.update': 'ActiveCampaign-Einstellungen geändert',
    'active_campaign_run.start': 'ActiveCampaign-Synchronisierung gestartet',
    'active_campaign_list.create': 'ActiveCampaign-Liste angelegt',
  },
  entityTypes: ['active_campaign_settings', 'active_campaign_run', 'active_campaign_list'],
});
