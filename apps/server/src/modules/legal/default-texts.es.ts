import type { LegalDocument } from '@bayclub/shared';

/**
 * The built-in legal texts in Spanish (issue 26): served to a reader of Spanish until an admin saves their own text,
 * which everyone then reads as written. The same content as default-texts.ts, section by section; a change there is
 * made here too (the legal test compares their headings and links).
 */

const TERMS = `*Esta es una traducción de los términos en inglés, para tu comodidad. Si las dos versiones difieren, prevalece la versión en inglés.*

Bay Club es una comunidad solo para miembros, para quienes viven en el área de Tampa Bay o la quieren. Estos términos son el acuerdo entre tú y el club cuando solicitas la membresía, inicias sesión o usas la app. Léelos junto con la [Política de privacidad](/privacy-policy).

## 1. Quién puede unirse

- Debes tener al menos **13 años** para solicitar la membresía. Si eres menor de edad donde vives, tu madre, padre o tutor debe aceptar estos términos por ti.
- La membresía es por solicitud. Los administradores del club revisan cada solicitud y pueden aprobarla o rechazarla sin dar un motivo.
- Da información verdadera sobre ti: tu nombre real, un correo electrónico que leas y fotos tuyas. Una persona, una cuenta.
- No compartas tu contraseña. Eres responsable de lo que pasa en tu cuenta; avísanos de inmediato si crees que otra persona la usó.

## 2. Niveles de membresía

Algunos miembros tienen acceso completo y otros acceso limitado; lo que puede hacer un miembro limitado (por ejemplo, enviar mensajes o crear eventos) lo deciden los administradores y puede cambiar. Los administradores, moderadores, organizadores de comunidades y encargados de lugares tienen herramientas adicionales para llevar el club; solo deben usarlas para eso.

## 3. Cómo comportarte

- Trata a los demás miembros con respeto, en línea y en los eventos y lugares.
- No acoses, amenaces, persigas, intimides ni suplantes a nadie, y no envíes contenido sexual no deseado.
- No publiques nada ilegal, de odio, o que no tengas derecho a compartir, incluidas fotos o información privada de otras personas.
- Nada de spam, estafas, esquemas piramidales ni publicidad no solicitada.
- No intentes saltarte un bloqueo, una suspensión, un límite de la app o su seguridad, y no recopiles información de otros miembros (a mano o con programas) fuera de lo que la app te muestra.
- Lo que pasa en un evento privado se queda con quienes estuvieron ahí: pregunta antes de publicar fotos de otros miembros.

Puedes bloquear a cualquier miembro y reportar un perfil, una publicación, un comentario o un mensaje. Los moderadores revisan los reportes y pueden eliminar contenido, advertir, suspender o expulsar a un miembro.

## 4. Tu contenido

Conservas los derechos sobre las fotos, publicaciones, comentarios y mensajes que compartes. Le das al club una licencia para guardarlos, copiarlos y mostrarlos a los miembros que pueden verlos, solo para llevar el club y la app. Esta licencia termina cuando eliminas el contenido o tu cuenta, salvo las copias en respaldos hasta que caduquen (consulta la Política de privacidad).

## 5. Eventos, entradas y pagos

- Quienes organizan un evento lo describen; el club no garantiza que el evento ocurra como se describe. Sigue las reglas de quien organiza y las del lugar.
- Las entradas de pago se pagan a través de **Stripe**. El club nunca ve ni guarda el número completo de tu tarjeta. El precio, la moneda, cualquier cargo y las reglas de reembolso se muestran antes de pagar. Los reembolsos siguen las reglas que se muestran en el evento; un evento cancelado se reembolsa.
- Quienes venden entradas reciben sus pagos a través de su propia cuenta de Stripe y deben cumplir los términos de Stripe.

## 6. Check-ins y lugares

Cuando haces check-in en un lugar, se registran la hora y el lugar, y se muestran a los miembros que permite la visibilidad que elegiste (consulta la Política de privacidad). No hagas check-in por otra persona ni desde un lugar donde no estás.

## 7. Terminar tu membresía

Puedes desactivar tu cuenta (tu perfil queda oculto hasta que vuelvas) o eliminarla en cualquier momento en **Configuración → Seguridad → Eliminar cuenta**, o desde la página [Eliminar tus datos](/delete-data) sin iniciar sesión. El club puede suspender o terminar una membresía que incumpla estos términos, y puede rechazar una nueva solicitud de alguien a quien expulsó.

## 8. La app

Trabajamos para que la app esté disponible y tus datos seguros, pero la app se ofrece tal como es, sin la promesa de que siempre esté disponible o libre de errores. En la medida en que la ley lo permita, el club no es responsable de pérdidas indirectas, ni de lo que hagan o publiquen los miembros. Nada en estos términos limita derechos que tienes por ley y que no pueden limitarse.

## 9. Cambios

Podemos cambiar estos términos. La fecha al inicio de esta página muestra el último cambio; avisamos a los miembros en la app de los cambios importantes antes de que entren en vigor. Si sigues usando la app después de un cambio, los nuevos términos se aplican a ti.

## 10. Ley y contacto

Estos términos se rigen por las leyes del Estado de Florida, Estados Unidos. Preguntas sobre estos términos: escribe a **{{contact_email}}**.
`;

const PRIVACY = `*Esta es una traducción de la política en inglés, para tu comodidad. Si las dos versiones difieren, prevalece la versión en inglés.*

Esta política explica qué guarda Bay Club, una comunidad solo para miembros en el área de Tampa Bay, sobre ti, por qué, por cuánto tiempo y quién puede verlo. Recopilamos solo lo que el club necesita para funcionar, no vendemos tus datos y no mostramos publicidad.

## 1. Qué recopilamos

| Qué | Ejemplos | Para qué |
| --- | --- | --- |
| Tu cuenta | nombre, correo electrónico, contraseña (guardada solo como un hash seguro), sesiones iniciadas | para que puedas iniciar sesión y mantener tu cuenta segura |
| Tu solicitud | lo que escribiste al solicitar la membresía, las respuestas del formulario | para que los administradores la revisen |
| Tu perfil | nombre de usuario, fotos, biografía, edad, ciudad, género, situación sentimental, intereses, usuario de Instagram u otras redes que agregues | para mostrarte a otros miembros |
| Lo que compartes | publicaciones, comentarios, Me gusta, fotos, comunidades a las que perteneces | para mostrarlo a los miembros que pueden verlo |
| Mensajes | los mensajes, imágenes, videos y enlaces que envías, y cuándo se leyeron | para entregarlos a las personas a quienes escribiste |
| Conexiones | saludos, coincidencias y los miembros que bloqueas o reportas | para hacer funcionar Saludar, las conexiones y la seguridad |
| Eventos | los eventos que creas, tus confirmaciones de asistencia, entradas, lugares en listas de espera y check-ins en la puerta | para hacer funcionar los eventos |
| Check-ins | el lugar y la hora en que haces check-in, y la visibilidad que elegiste | para mostrar quién está en un lugar (consulta la sección 4) |
| Pagos | lo que pagaste, el monto, los reembolsos y una referencia al pago de Stripe | para vender entradas y reembolsarlas |
| Notificaciones | notificaciones en la app, suscripciones push de tus dispositivos, tus preferencias de correo | para avisarte de lo que pasa |
| Uso y rendimiento de la app | aperturas e instalaciones de la app (plataforma, navegador o app instalada, un nombre de navegador abreviado), mediciones de carga de páginas (como cuánto tardó en mostrarse una página) con la dirección de la página y el tipo de dispositivo | para ver que la app funciona y es rápida para los miembros, no para rastrearte |
| Correo | los correos que te enviamos (aprobación, restablecimiento de contraseña, recordatorios, resúmenes) mientras esperan a enviarse | para entregarlos |

**Los pagos los gestiona Stripe.** Los datos de tu tarjeta van directamente a Stripe; el club nunca ve ni guarda el número completo de tu tarjeta. Stripe procesa el pago según su propia política de privacidad. Quienes reciben pagos dan su identidad y sus datos bancarios a Stripe, no al club.

No usamos cookies de publicidad ni de rastreo. La app guarda una cookie para mantener tu sesión iniciada, y guarda algunos datos en tu dispositivo (como borradores y una copia de las páginas para usarlas sin conexión).

## 2. Quién ve qué

- **Otros miembros** ven tu perfil, tus publicaciones y comentarios, las comunidades a las que perteneces y los eventos a los que vas, tal como los muestra la app. Nunca ven tu correo electrónico, tu contraseña, tus pagos ni tus reportes.
- **Los miembros limitados** ven solo lo que los administradores permiten ver a los miembros de su nivel.
- **Las personas a quienes escribes** ven tus mensajes. Nadie más los lee en la app; un moderador ve un mensaje solo cuando se lo reportan.
- **Los organizadores de comunidades y quienes organizan eventos** ven a los miembros de su comunidad o a los invitados de su evento, y las confirmaciones de asistencia y los check-ins en la puerta.
- **Los encargados de lugares** ven los check-ins en su lugar que permite la visibilidad de cada check-in.
- **Los moderadores** ven el contenido reportado y los reportes, y actúan sobre ellos.
- **El personal del CRM** (miembros a quienes los administradores dan ese rol) ve los datos de los miembros necesarios para llevar el club, como datos de contacto, fechas de membresía, cifras de actividad, etiquetas y notas que escribió el personal, y puede exportarlos para uso propio del club.
- **Los administradores** ven las solicitudes, las cuentas de los miembros y sus correos electrónicos, los pagos, los reportes, el registro de auditoría de las acciones del personal y las estadísticas de toda la app. Cada acción de administradores y moderadores queda registrada en el registro de auditoría.
- **Los visitantes sin sesión iniciada** ven solo las páginas públicas: la página de inicio, la lista pública de comunidades, las páginas de eventos públicos y estas páginas legales.
- **Los proveedores de servicios** que hacen funcionar la app para nosotros ven datos solo para hacerlo: el proveedor de alojamiento y base de datos, el proveedor de correo, el almacenamiento de archivos, los servicios push de tu navegador (Apple, Google, Mozilla) para las notificaciones, Stripe para los pagos, Meta solo cuando vinculas tu cuenta de Instagram, LinkedIn solo cuando solicitas la membresía con LinkedIn. No vendemos ni alquilamos tus datos a nadie.
- Podemos revelar datos cuando la ley lo exija, o para proteger a los miembros de un daño.

## 3. Cuánto tiempo los guardamos

- **Tu cuenta y todo lo que contiene** se guardan hasta que eliminas tu cuenta. Eliminarla borra de inmediato tu perfil, fotos, publicaciones, comentarios, Me gusta, mensajes, conexiones, confirmaciones de asistencia, check-ins, notificaciones y archivos guardados.
- **Lo que queda después de eliminarla:** los registros de pagos (montos, fechas, referencias de Stripe) se guardan sin tu nombre mientras lo exijan las leyes contables y fiscales, normalmente 7 años; las acciones del personal en el registro de auditoría conservan el nombre del miembro del personal que actuó; un reporte que hiciste se queda con el contenido reportado, sin tu nombre.
- **Los respaldos** de la base de datos se guardan como máximo **30 días** y luego se eliminan. Una cuenta eliminada desaparece de los respaldos en 30 días.
- **Las mediciones de uso y rendimiento de la app** pierden su vínculo contigo cuando eliminas tu cuenta; lo que queda son cifras y tiempos que ya no dicen quién eres.
- **Los correos** esperan en la cola de envío solo hasta que se envían; luego la cola los olvida.
- **Una solicitud rechazada** se guarda, para que los administradores reconozcan una solicitud repetida, hasta que la elimines desde la página [Eliminar tus datos](/delete-data) o nos pidas eliminarla.

## 4. Privacidad de los check-ins

Un check-in registra el lugar y la hora. Cada check-in tiene la visibilidad que eliges (la predeterminada es **Solo conexiones**, que puedes cambiar en Configuración):

- **Público:** los miembros que pueden ver lugares te ven en el lugar durante 3 horas ("aquí ahora") y luego en los check-ins recientes del lugar.
- **Solo conexiones:** solo tus conexiones lo ven.
- **Privado:** solo tú lo ves, en tus propios check-ins.

Los administradores ven cuántos check-ins tuvo el club, en sus estadísticas. La app usa la ubicación de tu dispositivo solo cuando haces check-in por ubicación, solo para comprobar que estás en el lugar, y no guarda tus coordenadas.

## 5. Tus opciones y derechos

- Cambia o elimina tu perfil, fotos, publicaciones y mensajes en cualquier momento.
- Elige quién ve tus check-ins, qué correos recibes y si recibes notificaciones push.
- **Descarga tus datos** (perfil, fotos, publicaciones, comentarios, mensajes que enviaste, confirmaciones de asistencia, check-ins y pagos) en Configuración → Seguridad.
- **Desactiva** tu cuenta para ocultar tu perfil por un tiempo.
- **Elimina** tu cuenta en **Configuración → Seguridad → Eliminar cuenta**, o desde la página [Eliminar tus datos](/delete-data) sin iniciar sesión.
- Pregúntanos qué guardamos sobre ti, o pídenos corregirlo o eliminarlo, en la dirección de abajo. Respondemos en un plazo de 30 días.

## 6. Niños

El club no es para menores de 13 años. No guardamos a sabiendas datos de un menor de 13 años; si nos enteramos de que lo hacemos, eliminamos la cuenta.

## 7. Seguridad

Las contraseñas se guardan solo como hashes seguros, las conexiones están cifradas (HTTPS), el acceso a los datos de los miembros se limita a los roles de arriba y queda registrado, y los respaldos están protegidos. Ningún sistema es perfectamente seguro: si una filtración pone en riesgo tus datos, te avisaremos como lo exija la ley.

## 8. Cambios

Podemos cambiar esta política. La fecha al inicio de esta página muestra el último cambio; avisamos a los miembros en la app de los cambios importantes antes de que entren en vigor.

## 9. Contacto

Preguntas, solicitudes y quejas sobre privacidad: escribe a **{{contact_email}}**.
`;

export const DEFAULT_LEGAL_MARKDOWN_ES: Record<LegalDocument, string> = {
  'terms-of-service': TERMS,
  'privacy-policy': PRIVACY,
};
